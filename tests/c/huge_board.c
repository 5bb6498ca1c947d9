/*
 * A 40,000 x 40,000 GF(2) grid (1.6e9 lights: 6.4 GB as uint32_t, 200 MB packed) through the
 * game functions with packed boards. Given BOARD.pbm and PRESSES.pbm (raw PBM images, as
 * `lightsout generate` and `lightsout solve --out` write them), it checks the command line's
 * answer: the board is solvable, the library's presses are the file's, and pressing them turns
 * every light off. Without arguments it draws the board itself
 * (lightsout_game_random_solvable_board). Either way it solves in place again and checks that
 * a uint32_t board is refused, naming the packed size. Built with optimisation against the
 * release library by scripts/test-parts/c.sh; prints one line per check and ends with
 * "N passed, 0 failed".
 */
#include <lightsout.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int passed = 0, failed = 0;

static void check(int ok, const char *what) {
    if (ok) {
        passed++;
        printf("ok: %s\n", what);
    } else {
        failed++;
        printf("FAILED: %s (%s)\n", what, lightsout_last_error());
    }
}

/* The data of a raw PBM image of `side` x `side` lights (`len` bytes), or NULL. */
static uint8_t *read_pbm(const char *path, uint32_t side, size_t len) {
    FILE *f = fopen(path, "rb");
    if (f == NULL) return NULL;
    char header[64];
    int expected = snprintf(header, sizeof header, "P4\n%u %u\n", side, side);
    char got[64] = {0};
    uint8_t *data = malloc(len);
    int ok = data != NULL && fread(got, 1, (size_t)expected, f) == (size_t)expected &&
             memcmp(got, header, (size_t)expected) == 0 && fread(data, 1, len, f) == len;
    fclose(f);
    if (!ok) {
        free(data);
        return NULL;
    }
    return data;
}

int main(int argc, char **argv) {
    const uint32_t side = 40000;
    lightsout_game *game = NULL;
    check(lightsout_game_new_grid(side, side, 2, &game) == LIGHTSOUT_OK, "the 40000x40000 grid is a game");
    if (game == NULL) return 1;
    size_t len = 0;
    check(lightsout_game_board_len(game, LIGHTSOUT_BOARD_PACKED, &len) == LIGHTSOUT_OK &&
              len == (size_t)side * (side / 8),
          "a packed board takes 200 MB");
    uint8_t *board = NULL, *expected = NULL;
    if (argc == 3) {
        board = read_pbm(argv[1], side, len);
        expected = read_pbm(argv[2], side, len);
        check(board != NULL && expected != NULL, "the command line's board and presses are read");
        if (board == NULL || expected == NULL) return 1;
    } else {
        board = malloc(len);
        if (board == NULL) return 1;
        check(lightsout_game_random_solvable_board(game, LIGHTSOUT_BOARD_PACKED, 1, board, len) == LIGHTSOUT_OK,
              "a random solvable board, drawn packed");
    }
    uint8_t *presses = malloc(len), *after = malloc(len);
    if (presses == NULL || after == NULL) {
        printf("out of memory for boards of %zu bytes\n", len);
        return 1;
    }
    int lit = 0;
    for (size_t i = 0; i < len && !lit; i++) lit = board[i] != 0;
    check(lit, "the board has lights on");
    bool solvable = false;
    check(lightsout_game_is_solvable_board(game, LIGHTSOUT_BOARD_PACKED, board, len, &solvable) == LIGHTSOUT_OK &&
              solvable,
          "it is solvable");
    check(lightsout_game_solve_board(game, LIGHTSOUT_BOARD_PACKED, board, len, presses, len) == LIGHTSOUT_OK,
          "solved packed");
    if (expected != NULL) check(memcmp(presses, expected, len) == 0, "the command line's presses are the same");
    check(lightsout_game_apply_board(game, LIGHTSOUT_BOARD_PACKED, board, len, presses, len, after, len) ==
              LIGHTSOUT_OK,
          "the presses applied");
    int dark = 1;
    for (size_t i = 0; i < len && dark; i++) dark = after[i] == 0;
    check(dark, "every light goes off");
    check(lightsout_game_solve_board_in_place(game, LIGHTSOUT_BOARD_PACKED, board, len) == LIGHTSOUT_OK &&
              memcmp(board, presses, len) == 0,
          "solved in place: the same presses");
    uint32_t one = 0;
    check(lightsout_game_random_solvable(game, 1, &one, 1) == LIGHTSOUT_TOO_LARGE &&
              strstr(lightsout_last_error(), "a packed board, one bit a light, needs 200 MB (200000000 bytes)") != NULL,
          "a uint32_t board is refused, naming the packed size");
    free(board);
    free(expected);
    free(presses);
    free(after);
    lightsout_game_free(game);
    printf("%d passed, %d failed\n", passed, failed);
    return failed != 0;
}
