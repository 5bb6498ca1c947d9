/*
 * Large boards through the game functions of liblightsout, which answer a grid by light
 * chasing and never build the N x N system: a 3000 x 2000 game bit-packed and one byte a
 * light, a 1999 x 1999 GF(2) board (nullity 64) passed bit-packed (1 bit per light), a
 * 1000 x 1000 board over Z_3 passed one byte per light, and the n x n torus decision problem
 * for n = 2000. The same calls reach grids of 10^10 lights (1.25 GB a packed board).
 * Every solution is checked by pressing the buttons.
 *
 * Build (see crates/ffi/README.md):
 *   cc -std=c11 -Wall -Wextra -Werror -pedantic big_grid.c $(pkg-config --cflags --libs lightsout)
 */
#include <lightsout.h>

#include <stdio.h>
#include <stdlib.h>

#define CHECK(call)                                                                     \
    do {                                                                                \
        lightsout_status check_status_ = (call);                                        \
        if (check_status_ != LIGHTSOUT_OK) {                                            \
            fprintf(stderr, "%s:%d: %s failed with status %d: %s\n", __FILE__, __LINE__, \
                    #call, (int)check_status_, lightsout_last_error());                 \
            exit(EXIT_FAILURE);                                                         \
        }                                                                               \
    } while (0)

static void *must_alloc(size_t n, size_t size) {
    void *p = calloc(n, size);
    if (p == NULL) {
        fprintf(stderr, "out of memory\n");
        exit(EXIT_FAILURE);
    }
    return p;
}

/* A fixed pseudo-random sequence, so that the output is the same everywhere. */
static uint64_t rng_state = 0x9E3779B97F4A7C15u;
static uint32_t next_random(void) {
    rng_state = rng_state * 6364136223846793005u + 1442695040888963407u;
    return (uint32_t)(rng_state >> 33);
}

/* Light (r, c) of a packed board: bit 7 - c % 8 of byte r * ceil(cols / 8) + c / 8. */
static void pack(const uint8_t *values, size_t rows, size_t cols, uint8_t *bytes) {
    size_t per_row = (cols + 7) / 8;
    for (size_t r = 0; r < rows; r++) {
        for (size_t c = 0; c < cols; c++) {
            if (values[r * cols + c]) bytes[r * per_row + c / 8] |= (uint8_t)(0x80u >> (c % 8));
        }
    }
}

static int all_zero(const uint8_t *v, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (v[i] != 0) return 0;
    return 1;
}

/* Frees the boards of one run (each `len` bytes, compact) and its game. */
static void free_run(lightsout_game *game, uint8_t *zero, uint8_t *pressed, uint8_t *board, uint8_t *solution,
                     uint8_t *after) {
    free(zero);
    free(pressed);
    free(board);
    free(solution);
    free(after);
    lightsout_game_free(game);
}

static void packed_gf2(void) {
    const size_t rows = 1999, cols = 1999, n = rows * cols;
    lightsout_game *game = NULL;
    CHECK(lightsout_game_new_grid(rows, cols, 2, &game));
    size_t nullity = 0, len = 0;
    CHECK(lightsout_game_nullity(game, &nullity));
    CHECK(lightsout_game_board_len(game, LIGHTSOUT_BOARD_PACKED, &len));
    printf("grid %zux%zu over GF(2): %zu lights, nullity %zu, %zu bytes per packed board\n", rows, cols, n,
           nullity, len);

    /* A board made by random presses is solvable: press them on the dark board, all packed. */
    uint8_t *values = must_alloc(n, 1), *zero = must_alloc(len, 1), *pressed = must_alloc(len, 1);
    uint8_t *board = must_alloc(len, 1), *solution = must_alloc(len, 1), *after = must_alloc(len, 1);
    for (size_t i = 0; i < n; i++) values[i] = (uint8_t)(next_random() & 1u);
    pack(values, rows, cols, pressed);
    free(values);
    CHECK(lightsout_game_apply_board(game, LIGHTSOUT_BOARD_PACKED, zero, len, pressed, len, board, len));
    bool solvable = false;
    CHECK(lightsout_game_is_solvable_board(game, LIGHTSOUT_BOARD_PACKED, board, len, &solvable));
    CHECK(lightsout_game_solve_board(game, LIGHTSOUT_BOARD_PACKED, board, len, solution, len));
    CHECK(lightsout_game_apply_board(game, LIGHTSOUT_BOARD_PACKED, board, len, solution, len, after, len));
    printf("  board made by random presses: solvable %s, packed solution checked: %s\n", solvable ? "yes" : "no",
           all_zero(after, len) ? "all lights off" : "LIGHTS LEFT ON");

    /* A board of random lights: solvable only if it passes every quiet-pattern check. */
    for (size_t i = 0; i < len; i++) board[i] = (uint8_t)next_random();
    CHECK(lightsout_game_is_solvable_board(game, LIGHTSOUT_BOARD_PACKED, board, len, &solvable));
    lightsout_status status = lightsout_game_solve_board(game, LIGHTSOUT_BOARD_PACKED, board, len, solution, len);
    printf("  random lights: solvable %s, solve returns %s\n", solvable ? "yes" : "no",
           status == LIGHTSOUT_OK ? "LIGHTSOUT_OK" : status == LIGHTSOUT_UNSOLVABLE ? "LIGHTSOUT_UNSOLVABLE" : "?");
    free_run(game, zero, pressed, board, solution, after);
}

static void bytes_z3(void) {
    const size_t rows = 1000, cols = 1000, n = rows * cols;
    lightsout_game *game = NULL;
    CHECK(lightsout_game_new_grid(rows, cols, 3, &game));
    size_t nullity = 0;
    CHECK(lightsout_game_nullity(game, &nullity));
    printf("grid %zux%zu over Z_3: nullity %zu\n", rows, cols, nullity);
    uint8_t *zero = must_alloc(n, 1), *pressed = must_alloc(n, 1), *board = must_alloc(n, 1);
    uint8_t *solution = must_alloc(n, 1), *after = must_alloc(n, 1);
    for (size_t i = 0; i < n; i++) pressed[i] = (uint8_t)(next_random() % 3u);
    CHECK(lightsout_game_apply_board(game, LIGHTSOUT_BOARD_BYTES, zero, n, pressed, n, board, n));
    CHECK(lightsout_game_solve_board(game, LIGHTSOUT_BOARD_BYTES, board, n, solution, n));
    CHECK(lightsout_game_apply_board(game, LIGHTSOUT_BOARD_BYTES, board, n, solution, n, after, n));
    printf("  board made by random presses, solved one byte per light: %s\n",
           all_zero(after, n) ? "all lights off" : "LIGHTS LEFT ON");
    free_run(game, zero, pressed, board, solution, after);
}

static void torus_decision(void) {
    const size_t n = 2000, k = 1000;
    size_t *lit = must_alloc(2 * k, sizeof *lit);
    char *seen = must_alloc(n * n, 1);
    for (size_t i = 0; i < k;) {
        size_t r = next_random() % n, c = next_random() % n;
        if (seen[r * n + c]) continue;
        seen[r * n + c] = 1;
        lit[2 * i] = r;
        lit[2 * i + 1] = c;
        i++;
    }
    bool yes = false;
    CHECK(lightsout_torus_decide(n, lit, 2 * k, &yes));
    printf("torus %zux%zu with %zu random lit lights: %s\n", n, n, k, yes ? "Yes" : "No");
    /* Pressing one light of the torus lights five: always solvable. */
    size_t plus[] = {7, 7, 6, 7, 8, 7, 7, 6, 7, 8};
    CHECK(lightsout_torus_decide(n, plus, 10, &yes));
    printf("torus %zux%zu with one plus shape lit: %s\n", n, n, yes ? "Yes" : "No");
    free(lit);
    free(seen);
}

/* Any game takes compact boards: a 3000 x 2000 grid, bit-packed and one byte per light. */
static void game_compact(void) {
    lightsout_game *game = NULL;
    CHECK(lightsout_game_new_grid(3000, 2000, 2, &game));
    size_t packed_len = 0, bytes_len = 0;
    CHECK(lightsout_game_board_len(game, LIGHTSOUT_BOARD_PACKED, &packed_len));
    CHECK(lightsout_game_board_len(game, LIGHTSOUT_BOARD_BYTES, &bytes_len));
    printf("game grid 3000x2000: %zu bytes packed, %zu bytes one byte per light\n", packed_len, bytes_len);
    uint8_t *board = must_alloc(packed_len, 1), *presses = must_alloc(packed_len, 1), *after = must_alloc(packed_len, 1);
    CHECK(lightsout_game_random_solvable_board(game, LIGHTSOUT_BOARD_PACKED, 11, board, packed_len));
    CHECK(lightsout_game_solve_board(game, LIGHTSOUT_BOARD_PACKED, board, packed_len, presses, packed_len));
    CHECK(lightsout_game_apply_board(game, LIGHTSOUT_BOARD_PACKED, board, packed_len, presses, packed_len, after,
                                     packed_len));
    int dark = 1;
    for (size_t i = 0; i < packed_len; i++) dark &= after[i] == 0;
    printf("  packed: random solvable board solved, %s\n", dark ? "all lights off" : "LIGHTS LEFT ON");
    uint8_t *bytes = must_alloc(bytes_len, 1), *solution = must_alloc(bytes_len, 1);
    CHECK(lightsout_game_random_solvable_board(game, LIGHTSOUT_BOARD_BYTES, 11, bytes, bytes_len));
    CHECK(lightsout_game_solve_board(game, LIGHTSOUT_BOARD_BYTES, bytes, bytes_len, solution, bytes_len));
    int same = 1; /* the same presses, one byte each: light (r, c) is bit 7 - c % 8 of byte r * 250 + c / 8 */
    for (size_t r = 0; r < 3000; r++)
        for (size_t c = 0; c < 2000; c++) same &= ((presses[r * 250 + c / 8] >> (7 - c % 8)) & 1) == solution[r * 2000 + c];
    printf("  bytes: the same presses as packed: %s\n", same ? "yes" : "NO");
    free(board);
    free(presses);
    free(after);
    free(bytes);
    free(solution);
    lightsout_game_free(game);
}

int main(void) {
    game_compact();
    packed_gf2();
    bytes_z3();
    torus_decision();
    return 0;
}
