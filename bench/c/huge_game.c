/*
 * A GF(2) grid of n x n lights through the game functions of liblightsout with packed boards
 * (default n = 100,000: 10^10 lights, 1.25 GB a board): times drawing a random solvable board,
 * building the solver, solving in place, and pressing the presses back (every light must go
 * off), then prints the peak resident memory.
 *
 * Build and run against the release library (crates/ffi/install.sh PREFIX first):
 *   cc -std=c11 -O2 bench/c/huge_game.c $(pkg-config --cflags --libs lightsout) -o huge_game
 *   ./huge_game 100000
 */
#define _POSIX_C_SOURCE 199309L
#include <lightsout.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static void check(lightsout_status s, const char *what) {
    if (s != LIGHTSOUT_OK) {
        fprintf(stderr, "%s failed: %s\n", what, lightsout_last_error());
        exit(EXIT_FAILURE);
    }
}

int main(int argc, char **argv) {
    uint32_t n = argc > 1 ? (uint32_t)strtoul(argv[1], NULL, 10) : 100000;
    lightsout_game *game = NULL;
    check(lightsout_game_new_grid(n, n, 2, &game), "lightsout_game_new_grid");
    size_t len = 0;
    check(lightsout_game_board_len(game, LIGHTSOUT_BOARD_PACKED, &len), "lightsout_game_board_len");
    uint8_t *board = malloc(len), *presses = malloc(len);
    if (board == NULL || presses == NULL) {
        fprintf(stderr, "out of memory for two boards of %zu bytes\n", len);
        return 1;
    }
    double t = now();
    check(lightsout_game_random_solvable_board(game, LIGHTSOUT_BOARD_PACKED, 1, board, len), "random board");
    double drawn = now() - t;
    t = now();
    size_t nullity = 0;
    check(lightsout_game_nullity(game, &nullity), "lightsout_game_nullity");
    double built = now() - t;
    memcpy(presses, board, len);
    t = now();
    check(lightsout_game_solve_board_in_place(game, LIGHTSOUT_BOARD_PACKED, presses, len), "solve in place");
    double solved = now() - t;
    t = now();
    check(lightsout_game_apply_board(game, LIGHTSOUT_BOARD_PACKED, board, len, presses, len, board, len), "apply");
    double applied = now() - t;
    int dark = 1;
    for (size_t i = 0; i < len && dark; i++) dark = board[i] == 0;
    struct rusage usage;
    getrusage(RUSAGE_SELF, &usage);
    printf("grid %ux%u GF(2), %zu bytes a packed board, nullity %zu\n", n, n, len, nullity);
    printf("random board %.2f s, solver %.2f s, solve in place %.2f s, apply %.2f s, all off: %s\n", drawn, built,
           solved, applied, dark ? "yes" : "NO");
    printf("peak resident memory %.2f GB\n", (double)usage.ru_maxrss * 1024 / 1e9);
    free(board);
    free(presses);
    lightsout_game_free(game);
    return dark ? 0 : 1;
}
