/*
 * A 40,000 x 40,000 GF(2) grid (1.6e9 lights: 6.4 GB as uint32_t, 200 MB packed) through the
 * game functions with packed boards. Given BOARD.pbm and PRESSES.pbm (raw PBM images, as
 * `lightsout generate` and `lightsout solve --out` write them), it reads them through the
 * library's image reader (lightsout_image_size, lightsout_game_read_image: the command line's
 * own reader) and checks the command line's answer: the board is solvable, the library's
 * presses are the file's, and pressing them turns every light off (the grid is the image's
 * size, so a smaller pair of files checks the same). Without arguments it draws the board
 * itself (lightsout_game_random_solvable_board). Either way it solves in place again and, at
 * 40000x40000, checks that a uint32_t board is refused, naming the packed size. Built with optimisation against the
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

/* The board in the PBM image at `path` (`len` bytes, packed), read by the library, or NULL. */
static uint8_t *read_pbm(lightsout_game *game, const char *path, size_t len) {
    uint8_t *data = malloc(len);
    if (data == NULL || lightsout_game_read_image(game, path, LIGHTSOUT_BOARD_PACKED, data, len) != LIGHTSOUT_OK) {
        free(data);
        return NULL;
    }
    return data;
}

int main(int argc, char **argv) {
    uint32_t side = 40000;
    if (argc == 3) {
        /* The grid the command line made of the image: its size, read by the library. */
        size_t width = 0, height = 0;
        uint64_t states = 0;
        check(lightsout_image_size(argv[1], &width, &height, &states) == LIGHTSOUT_OK && width == height &&
                  states == 2,
              "the command line's board is a square PBM");
        side = (uint32_t)width;
    }
    lightsout_game *game = NULL;
    check(lightsout_game_new_grid(side, side, 2, &game) == LIGHTSOUT_OK, "the grid is a game");
    if (game == NULL) return 1;
    size_t len = 0;
    check(lightsout_game_board_len(game, LIGHTSOUT_BOARD_PACKED, &len) == LIGHTSOUT_OK &&
              len == (size_t)side * ((side + 7) / 8),
          "a packed board takes a bit a light (200 MB for 40000x40000)");
    uint8_t *board = NULL, *expected = NULL;
    if (argc == 3) {
        board = read_pbm(game, argv[1], len);
        expected = read_pbm(game, argv[2], len);
        check(board != NULL && expected != NULL, "the command line's board and presses are read by the library");
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
    if (side == 40000) {
        check(lightsout_game_random_solvable(game, 1, &one, 1) == LIGHTSOUT_TOO_LARGE &&
                  strstr(lightsout_last_error(), "LIGHTSOUT_BOARD_PACKED (one bit a light): it needs 200 MB (200000000 bytes)") !=
                      NULL,
              "a uint32_t board is refused, naming the packed size");
    }
    free(board);
    free(expected);
    free(presses);
    free(after);
    lightsout_game_free(game);
    printf("%d passed, %d failed\n", passed, failed);
    return failed != 0;
}
