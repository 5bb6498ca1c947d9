/*
 * Solve the classic 5x5 Lights Out, Lights Out 2000 (over Z_3), the Lights Out Cube and a
 * game on a graph through the C ABI of liblightsout, and print the results. Every answer is
 * checked by pressing the buttons and looking that all lights are off.
 *
 * Build (see crates/ffi/README.md):
 *   cc -std=c11 -Wall -Wextra -Werror -pedantic solve.c $(pkg-config --cflags --libs lightsout)
 */
#include <lightsout.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Stop with the library's message when a call fails. */
#define CHECK(call)                                                                     \
    do {                                                                                \
        lightsout_status check_status_ = (call);                                        \
        if (check_status_ != LIGHTSOUT_OK) {                                            \
            fprintf(stderr, "%s:%d: %s failed with %s: %s\n", __FILE__, __LINE__, #call,   \
                    lightsout_status_name(check_status_), lightsout_last_error());      \
            exit(EXIT_FAILURE);                                                         \
        }                                                                               \
    } while (0)

static uint32_t *new_array(size_t n) {
    uint32_t *a = calloc(n, sizeof *a);
    if (a == NULL) {
        fprintf(stderr, "out of memory\n");
        exit(EXIT_FAILURE);
    }
    return a;
}

/* Print a board or presses in the game's natural shape, indented. */
static void print_values(const lightsout_game *game, const uint32_t *values) {
    size_t n = lightsout_game_size(game), len = 0;
    CHECK(lightsout_game_format_board_len(game, values, n, &len));
    char *text = malloc(len);
    if (text == NULL) {
        fprintf(stderr, "out of memory\n");
        exit(EXIT_FAILURE);
    }
    CHECK(lightsout_game_format_board(game, values, n, text, len));
    for (char *line = strtok(text, "\n"); line != NULL; line = strtok(NULL, "\n")) {
        printf("    %s\n", line);
    }
    free(text);
}

static void describe(const char *title, const lightsout_game *game) {
    size_t rank = 0, nullity = 0;
    CHECK(lightsout_game_rank(game, &rank));
    CHECK(lightsout_game_nullity(game, &nullity));
    printf("%s: %zu lights, modulus %u, rank %zu, nullity %zu\n", title, lightsout_game_size(game),
           lightsout_game_modulus(game), rank, nullity);
}

/* Solve `lights`, check that the presses turn every light off, and return how many
 * presses were needed (or -1 if the board has no solution). Prints the presses if asked. */
static long solve_and_check(const lightsout_game *game, const uint32_t *lights, int show) {
    size_t n = lightsout_game_size(game);
    uint32_t *presses = new_array(n), *after = new_array(n);
    long total = -1;
    lightsout_status status = lightsout_game_solve(game, lights, n, presses, n);
    if (status == LIGHTSOUT_OK) {
        CHECK(lightsout_game_apply(game, lights, n, presses, n, after, n));
        total = 0;
        for (size_t i = 0; i < n; i++) {
            if (after[i] != 0) {
                fprintf(stderr, "light %zu is still on after pressing\n", i);
                exit(EXIT_FAILURE);
            }
            total += (long)presses[i];
        }
        if (show) {
            printf("  presses (all lights off afterwards):\n");
            print_values(game, presses);
        }
    } else if (status != LIGHTSOUT_UNSOLVABLE) {
        CHECK(status);
    }
    free(presses);
    free(after);
    return total;
}

/* The solution with the fewest presses, checked like any other. */
static void minimal(const lightsout_game *game, const uint32_t *lights) {
    size_t n = lightsout_game_size(game);
    uint32_t *presses = new_array(n), *after = new_array(n);
    lightsout_minimal_info info;
    CHECK(lightsout_game_solve_minimal(game, lights, n, LIGHTSOUT_DEFAULT_MAX_WORK, LIGHTSOUT_DEFAULT_MAX_SECONDS, presses, n, &info));
    CHECK(lightsout_game_apply(game, lights, n, presses, n, after, n));
    for (size_t i = 0; i < n; i++) {
        if (after[i] != 0) {
            fprintf(stderr, "light %zu is still on after the minimal presses\n", i);
            exit(EXIT_FAILURE);
        }
    }
    printf("  fewest presses: %llu (%s)\n", (unsigned long long)info.weight,
           info.proven_optimal ? "proven optimal" : "best found");
    free(presses);
    free(after);
}

static void classic(void) {
    lightsout_game *game = NULL;
    CHECK(lightsout_game_new_preset("classic", &game));
    describe("classic", game);
    const char *board = "1.1.1\n.1.1.\n1.1.1\n.1.1.\n1.1.1\n";
    uint32_t lights[25];
    CHECK(lightsout_game_parse_board(game, board, lights, 25));
    printf("  board:\n");
    print_values(game, lights);
    long presses = solve_and_check(game, lights, 0);
    printf("  solvable: %s (one of 4 solutions verified)\n", presses >= 0 ? "yes" : "no");
    minimal(game, lights);

    /* One lit corner cannot be turned off: the quiet patterns are the proof. */
    memset(lights, 0, sizeof lights);
    lights[0] = 1;
    bool solvable = true;
    CHECK(lightsout_game_is_solvable(game, lights, 25, &solvable));
    printf("  one lit corner solvable: %s\n", solvable ? "yes" : "no");

    size_t basis_len = 0;
    CHECK(lightsout_game_null_basis_len(game, &basis_len));
    uint32_t *basis = new_array(basis_len), *zero = new_array(25), *after = new_array(25);
    CHECK(lightsout_game_null_basis(game, basis, basis_len));
    for (size_t k = 0; k < basis_len / 25; k++) {
        CHECK(lightsout_game_apply(game, zero, 25, basis + k * 25, 25, after, 25));
        for (size_t i = 0; i < 25; i++) {
            if (after[i] != 0) {
                fprintf(stderr, "quiet pattern %zu changes light %zu\n", k, i);
                exit(EXIT_FAILURE);
            }
        }
    }
    printf("  quiet patterns: %zu, each checked to change no light\n", basis_len / 25);

    /* A puzzle that needs exactly 15 presses, the most any 5x5 board needs. */
    CHECK(lightsout_game_random_with_difficulty(game, 7, 15, lights, 25));
    printf("  a hardest puzzle:\n");
    minimal(game, lights);
    free(basis);
    free(zero);
    free(after);
    lightsout_game_free(game);
}

static void lights_out_2000(void) {
    lightsout_game *game = NULL;
    CHECK(lightsout_game_new_preset("2000", &game));
    describe("2000", game);
    uint32_t lights[25] = {0};
    lights[12] = 2; /* the centre light is green; the rest are off */
    printf("  board:\n");
    print_values(game, lights);
    printf("  solvable: %s\n", solve_and_check(game, lights, 0) >= 0 ? "yes" : "no");
    minimal(game, lights);
    lightsout_game_free(game);
}

static void cube(void) {
    lightsout_game *game = NULL;
    CHECK(lightsout_game_new_cube(3, 2, &game));
    describe("cube", game);
    uint32_t lights[54];
    int solved = 0;
    for (uint64_t seed = 1; seed <= 100; seed++) {
        CHECK(lightsout_game_random_solvable(game, seed, lights, 54));
        solved += solve_and_check(game, lights, 0) >= 0;
    }
    printf("  random solvable boards solved: %d of 100\n", solved);
    lightsout_game_free(game);
}

static void graph(void) {
    /* A cycle of 5 vertices: pressing a vertex toggles it and its two neighbours. */
    size_t edges[] = {0, 1, 1, 2, 2, 3, 3, 4, 4, 0};
    lightsout_game *game = NULL;
    CHECK(lightsout_game_new_graph(5, edges, sizeof edges / sizeof edges[0], false, true, 2, &game));
    describe("5-cycle", game);
    uint32_t lights[5] = {1, 0, 0, 0, 0};
    printf("  board:\n");
    print_values(game, lights);
    long total = solve_and_check(game, lights, 1);
    printf("  total presses: %ld\n", total);
    lightsout_game_free(game);
}

int main(void) {
    printf("liblightsout %s\n", lightsout_version());
    classic();
    lights_out_2000();
    cube();
    graph();
    return 0;
}
