/*
 * Every kind of bad input through the C ABI of liblightsout: each call must return the
 * documented status, leave its outputs untouched, and leave a message in lightsout_last_error.
 * Run under AddressSanitizer/UBSan (scripts/test-parts/c.sh) so that any invalid memory access
 * or leak fails the run. Prints "N passed, M failed" last; exits non-zero on any failure.
 */
#include <lightsout.h>

#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int passed = 0, failed = 0;

static void record(int ok, int line, const char *what, const char *detail) {
    if (ok) {
        passed++;
    } else {
        failed++;
        printf("FAIL line %d: %s (%s)\n", line, what, detail);
    }
}

static const char *status_name(lightsout_status s) {
    switch (s) {
    case LIGHTSOUT_OK: return "LIGHTSOUT_OK";
    case LIGHTSOUT_UNSOLVABLE: return "LIGHTSOUT_UNSOLVABLE";
    case LIGHTSOUT_INVALID_ARGUMENT: return "LIGHTSOUT_INVALID_ARGUMENT";
    case LIGHTSOUT_NULL_POINTER: return "LIGHTSOUT_NULL_POINTER";
    case LIGHTSOUT_LENGTH_MISMATCH: return "LIGHTSOUT_LENGTH_MISMATCH";
    case LIGHTSOUT_TOO_LARGE: return "LIGHTSOUT_TOO_LARGE";
    case LIGHTSOUT_PANIC: return "LIGHTSOUT_PANIC";
    case LIGHTSOUT_INVALID_MODULUS: return "LIGHTSOUT_INVALID_MODULUS";
    case LIGHTSOUT_OUT_OF_RANGE: return "LIGHTSOUT_OUT_OF_RANGE";
    case LIGHTSOUT_PARSE_ERROR: return "LIGHTSOUT_PARSE_ERROR";
    case LIGHTSOUT_UNKNOWN_PRESET: return "LIGHTSOUT_UNKNOWN_PRESET";
    }
    return "an unknown status";
}

/* The call returns `want`; a failure also leaves a non-empty message containing `needle`. */
static void expect_status(lightsout_status got, lightsout_status want, const char *needle, int line,
                          const char *call) {
    char detail[1024];
    const char *msg = lightsout_last_error();
    snprintf(detail, sizeof detail, "got %s, want %s; last error: %s", status_name(got), status_name(want), msg);
    int ok = got == want;
    if (ok && want != LIGHTSOUT_OK) {
        ok = msg != NULL && msg[0] != '\0' && (needle == NULL || strstr(msg, needle) != NULL);
    }
    record(ok, line, call, detail);
}

#define EXPECT(call, want, needle) expect_status((call), (want), (needle), __LINE__, #call)
#define CHECK(cond) record((cond) ? 1 : 0, __LINE__, #cond, "condition is false")

/* True if all n entries of a equal v: outputs must be untouched after a failure. */
static int all_equal(const uint32_t *a, size_t n, uint32_t v) {
    for (size_t i = 0; i < n; i++)
        if (a[i] != v) return 0;
    return 1;
}

static int sentinel_storage;
#define SENTINEL ((lightsout_game *)&sentinel_storage)

static void constructors(void) {
    lightsout_game *g = SENTINEL;
    EXPECT(lightsout_game_new_grid(0, 5, 2, &g), LIGHTSOUT_INVALID_ARGUMENT, "at least 1");
    EXPECT(lightsout_game_new_grid(5, 0, 2, &g), LIGHTSOUT_INVALID_ARGUMENT, NULL);
    EXPECT(lightsout_game_new_grid(5, 5, 0, &g), LIGHTSOUT_INVALID_MODULUS, "2 <= k < 2^31");
    EXPECT(lightsout_game_new_grid(5, 5, 1, &g), LIGHTSOUT_INVALID_MODULUS, "not 1");
    EXPECT(lightsout_game_new_grid(5, 5, UINT32_MAX, &g), LIGHTSOUT_INVALID_MODULUS, NULL);
    /* A torus of 10^10 lights has no compact route: refused at once, in bytes. A grid that size
     * is a game whose boards go packed (tests/c/huge_board.c); its uint32_t questions refuse. */
    EXPECT(lightsout_game_new_torus(100000, 100000, 2, &g), LIGHTSOUT_TOO_LARGE,
           "needs 40 GB (40000000000 bytes), over the 4 GiB limit");
    EXPECT(lightsout_game_new_grid(100000, 100000, 2, &g), LIGHTSOUT_OK, NULL);
    {
        uint32_t one = 0;
        EXPECT(lightsout_game_random_solvable(g, 1, &one, 1), LIGHTSOUT_TOO_LARGE,
               "pass LIGHTSOUT_BOARD_PACKED (one bit a light): it needs 1.2 GB (1250000000 bytes)");
        lightsout_game_free(g);
        g = SENTINEL;
    }
    EXPECT(lightsout_game_new_grid(UINT32_MAX, UINT32_MAX, 2, &g), LIGHTSOUT_TOO_LARGE, NULL);
    EXPECT(lightsout_game_new_grid(5, 5, 2, NULL), LIGHTSOUT_NULL_POINTER, "out must not be NULL");
    EXPECT(lightsout_game_new_torus(0, 3, 2, &g), LIGHTSOUT_INVALID_ARGUMENT, NULL);
    EXPECT(lightsout_game_new_torus(3, 3, 1, &g), LIGHTSOUT_INVALID_MODULUS, NULL);
    EXPECT(lightsout_game_new_torus(3, 3, 2, NULL), LIGHTSOUT_NULL_POINTER, NULL);
    EXPECT(lightsout_game_new_cylinder(3, 0, 2, &g), LIGHTSOUT_INVALID_ARGUMENT, NULL);
    EXPECT(lightsout_game_new_cylinder(3, 3, 2, NULL), LIGHTSOUT_NULL_POINTER, NULL);
    EXPECT(lightsout_game_new_mobius(0, 3, 2, &g), LIGHTSOUT_INVALID_ARGUMENT, "Möbius band");
    EXPECT(lightsout_game_new_mobius(3, 3, 1, &g), LIGHTSOUT_INVALID_MODULUS, NULL);
    EXPECT(lightsout_game_new_mobius(3, 3, 2, NULL), LIGHTSOUT_NULL_POINTER, NULL);
    EXPECT(lightsout_game_new_klein(3, 0, 2, &g), LIGHTSOUT_INVALID_ARGUMENT, "Klein bottle");
    EXPECT(lightsout_game_new_klein(100000, 100000, 2, &g), LIGHTSOUT_TOO_LARGE, NULL);
    EXPECT(lightsout_game_new_klein(3, 3, 2, NULL), LIGHTSOUT_NULL_POINTER, NULL);
    EXPECT(lightsout_game_new_projective(0, 0, 2, &g), LIGHTSOUT_INVALID_ARGUMENT, "projective plane");
    EXPECT(lightsout_game_new_projective(3, 3, 0, &g), LIGHTSOUT_INVALID_MODULUS, NULL);
    EXPECT(lightsout_game_new_projective(3, 3, 2, NULL), LIGHTSOUT_NULL_POINTER, NULL);
    EXPECT(lightsout_game_new_cube(0, 2, &g), LIGHTSOUT_INVALID_ARGUMENT, NULL);
    EXPECT(lightsout_game_new_cube(3, 0, &g), LIGHTSOUT_INVALID_MODULUS, NULL);
    EXPECT(lightsout_game_new_cube(100000, 2, &g), LIGHTSOUT_TOO_LARGE, NULL);
    EXPECT(lightsout_game_new_cube(3, 2, NULL), LIGHTSOUT_NULL_POINTER, NULL);
    EXPECT(lightsout_game_new_preset(NULL, &g), LIGHTSOUT_NULL_POINTER, "name must not be NULL");
    EXPECT(lightsout_game_new_preset("nope", &g), LIGHTSOUT_UNKNOWN_PRESET, "classic");
    EXPECT(lightsout_game_new_preset("", &g), LIGHTSOUT_UNKNOWN_PRESET, NULL);
    EXPECT(lightsout_game_new_preset("\xff\xfe", &g), LIGHTSOUT_INVALID_ARGUMENT, "UTF-8");
    EXPECT(lightsout_game_new_preset("classic", NULL), LIGHTSOUT_NULL_POINTER, NULL);

    size_t edges[] = {0, 1, 1, 2, 2, 5};
    EXPECT(lightsout_game_new_graph(0, NULL, 0, false, true, 2, &g), LIGHTSOUT_INVALID_ARGUMENT,
           "a graph needs at least 1 vertex, got 0");
    EXPECT(lightsout_game_new_graph(3, edges, 3, false, true, 2, &g), LIGHTSOUT_LENGTH_MISMATCH, "even");
    EXPECT(lightsout_game_new_graph(3, edges, 6, false, true, 2, &g), LIGHTSOUT_INVALID_ARGUMENT, "edge 2");
    EXPECT(lightsout_game_new_graph(3, NULL, 2, false, true, 2, &g), LIGHTSOUT_NULL_POINTER, "edges");
    EXPECT(lightsout_game_new_graph(3, edges, 4, false, true, 1, &g), LIGHTSOUT_INVALID_MODULUS, NULL);
    EXPECT(lightsout_game_new_graph(3, edges, 4, false, true, 2, NULL), LIGHTSOUT_NULL_POINTER, NULL);
    EXPECT(lightsout_game_new_edge_list(NULL, false, true, 2, &g), LIGHTSOUT_NULL_POINTER, NULL);
    EXPECT(lightsout_game_new_edge_list("0 1\nx y\n", false, true, 2, &g), LIGHTSOUT_PARSE_ERROR, "line 2");
    EXPECT(lightsout_game_new_edge_list("", false, true, 2, &g), LIGHTSOUT_PARSE_ERROR, NULL);
    EXPECT(lightsout_game_new_edge_list("2\n0 2\n", false, true, 2, &g), LIGHTSOUT_PARSE_ERROR, "line 2");
    EXPECT(lightsout_game_new_from_text(NULL, 2, &g), LIGHTSOUT_NULL_POINTER, NULL);
    EXPECT(lightsout_game_new_from_text("", 2, &g), LIGHTSOUT_PARSE_ERROR, NULL);
    EXPECT(lightsout_game_new_from_text("11\n1\n", 2, &g), LIGHTSOUT_PARSE_ERROR, "line 2");
    EXPECT(lightsout_game_new_from_text("13\n", 2, &g), LIGHTSOUT_PARSE_ERROR, "column 2");
    EXPECT(lightsout_game_new_from_text("11\n", 1, &g), LIGHTSOUT_INVALID_MODULUS, NULL);
    EXPECT(lightsout_game_new_from_text("11\n", 2, NULL), LIGHTSOUT_NULL_POINTER, NULL);
    CHECK(g == SENTINEL);

    /* Boundary cases that are fine. */
    EXPECT(lightsout_game_new_grid(1, 1, 2147483647u, &g), LIGHTSOUT_OK, NULL);
    CHECK(g != SENTINEL && lightsout_game_size(g) == 1 && lightsout_game_modulus(g) == 2147483647u);
    lightsout_game_free(g);
    g = SENTINEL;
    EXPECT(lightsout_game_new_graph(3, NULL, 0, false, true, 2, &g), LIGHTSOUT_OK, NULL);
    CHECK(g != SENTINEL && lightsout_game_size(g) == 3);
    lightsout_game_free(g);
    EXPECT(lightsout_game_new_preset("  CLASSIC ", &g), LIGHTSOUT_OK, NULL);
    CHECK(lightsout_game_size(g) == 25);
    lightsout_game_free(g);
    lightsout_game_free(NULL);
}

static void queries(void) {
    lightsout_game *g = NULL;
    EXPECT(lightsout_game_new_preset("classic", &g), LIGHTSOUT_OK, NULL);
    size_t n = 12345;
    CHECK(lightsout_game_size(NULL) == 0);
    CHECK(lightsout_game_modulus(NULL) == 0);
    EXPECT(lightsout_game_nullity(NULL, &n), LIGHTSOUT_NULL_POINTER, "game must not be NULL");
    EXPECT(lightsout_game_nullity(g, NULL), LIGHTSOUT_NULL_POINTER, "out");
    EXPECT(lightsout_game_rank(NULL, &n), LIGHTSOUT_NULL_POINTER, NULL);
    EXPECT(lightsout_game_rank(g, NULL), LIGHTSOUT_NULL_POINTER, NULL);
    EXPECT(lightsout_game_null_basis_len(NULL, &n), LIGHTSOUT_NULL_POINTER, NULL);
    EXPECT(lightsout_game_null_basis_len(g, NULL), LIGHTSOUT_NULL_POINTER, NULL);
    CHECK(n == 12345);
    EXPECT(lightsout_game_nullity(g, &n), LIGHTSOUT_OK, NULL);
    CHECK(n == 2);
    EXPECT(lightsout_game_rank(g, &n), LIGHTSOUT_OK, NULL);
    CHECK(n == 23);

    uint32_t basis[50];
    memset(basis, 7, sizeof basis);
    EXPECT(lightsout_game_null_basis(g, basis, 49), LIGHTSOUT_LENGTH_MISMATCH, "50");
    EXPECT(lightsout_game_null_basis(g, basis, 51), LIGHTSOUT_LENGTH_MISMATCH, NULL);
    EXPECT(lightsout_game_null_basis(g, NULL, 50), LIGHTSOUT_NULL_POINTER, NULL);
    EXPECT(lightsout_game_null_basis(g, NULL, 0), LIGHTSOUT_NULL_POINTER, NULL);
    EXPECT(lightsout_game_null_basis(NULL, basis, 50), LIGHTSOUT_NULL_POINTER, NULL);
    CHECK(all_equal(basis, 50, 0x07070707u));
    EXPECT(lightsout_game_null_basis_len(g, &n), LIGHTSOUT_OK, NULL);
    CHECK(n == 50);
    EXPECT(lightsout_game_null_basis(g, basis, 50), LIGHTSOUT_OK, NULL);
    lightsout_game_free(g);

    /* A game without quiet patterns takes an empty basis, even as NULL. */
    EXPECT(lightsout_game_new_preset("mini", &g), LIGHTSOUT_OK, NULL);
    EXPECT(lightsout_game_null_basis_len(g, &n), LIGHTSOUT_OK, NULL);
    CHECK(n == 0);
    EXPECT(lightsout_game_null_basis(g, NULL, 0), LIGHTSOUT_OK, NULL);
    EXPECT(lightsout_game_null_basis(g, basis, 1), LIGHTSOUT_LENGTH_MISMATCH, NULL);
    lightsout_game_free(g);

    /* A graph is factored densely: one whose [M | I] cannot fit (2^24 vertices: 70 TB) is refused
       when it is made, before its press sets are built. */
    EXPECT(lightsout_game_new_graph((size_t)1 << 24, NULL, 0, false, true, 2, &g), LIGHTSOUT_TOO_LARGE,
           "70368744177664 bytes");
    /* Too much work to factor densely (its matrix would fit): refused with a message, not an
       allocation. */
    EXPECT(lightsout_game_new_graph(100000, NULL, 0, false, true, 2, &g), LIGHTSOUT_OK, NULL);
    n = 12345;
    EXPECT(lightsout_game_nullity(g, &n), LIGHTSOUT_TOO_LARGE, "limit");
    CHECK(n == 12345);
    lightsout_game_free(g);
}

static void solving(void) {
    lightsout_game *g = NULL;
    EXPECT(lightsout_game_new_preset("classic", &g), LIGHTSOUT_OK, NULL);
    uint32_t lights[26] = {0}, presses[26], after[26];
    lights[12] = 1;
    memset(presses, 7, sizeof presses);

    EXPECT(lightsout_game_solve(NULL, lights, 25, presses, 25), LIGHTSOUT_NULL_POINTER, "game");
    EXPECT(lightsout_game_solve(g, NULL, 25, presses, 25), LIGHTSOUT_NULL_POINTER, "lights must not be NULL");
    EXPECT(lightsout_game_solve(g, lights, 25, NULL, 25), LIGHTSOUT_NULL_POINTER, "presses_out");
    EXPECT(lightsout_game_solve(g, lights, 24, presses, 25), LIGHTSOUT_LENGTH_MISMATCH, "25");
    EXPECT(lightsout_game_solve(g, lights, 26, presses, 25), LIGHTSOUT_LENGTH_MISMATCH, "26");
    EXPECT(lightsout_game_solve(g, lights, 0, presses, 25), LIGHTSOUT_LENGTH_MISMATCH, NULL);
    EXPECT(lightsout_game_solve(g, lights, 25, presses, 24), LIGHTSOUT_LENGTH_MISMATCH, "presses_out");
    EXPECT(lightsout_game_solve(g, lights, 25, presses, 26), LIGHTSOUT_LENGTH_MISMATCH, NULL);
    lights[3] = 2;
    EXPECT(lightsout_game_solve(g, lights, 25, presses, 25), LIGHTSOUT_OUT_OF_RANGE, "lights[3]");
    lights[3] = UINT32_MAX;
    EXPECT(lightsout_game_solve(g, lights, 25, presses, 25), LIGHTSOUT_OUT_OF_RANGE, NULL);
    lights[3] = 0;
    lights[0] = 1; /* centre and a corner: not solvable */
    EXPECT(lightsout_game_solve(g, lights, 25, presses, 25), LIGHTSOUT_UNSOLVABLE, "not solvable");
    /* the message carries the obstruction that proves it, entry by entry */
    EXPECT(lightsout_game_solve(g, lights, 25, presses, 25), LIGHTSOUT_UNSOLVABLE, "the obstruction y = (");
    CHECK(all_equal(presses, 26, 0x07070707u));

    bool solvable = true;
    EXPECT(lightsout_game_is_solvable(g, lights, 25, NULL), LIGHTSOUT_NULL_POINTER, NULL);
    EXPECT(lightsout_game_is_solvable(g, NULL, 25, &solvable), LIGHTSOUT_NULL_POINTER, NULL);
    EXPECT(lightsout_game_is_solvable(g, lights, 5, &solvable), LIGHTSOUT_LENGTH_MISMATCH, NULL);
    EXPECT(lightsout_game_is_solvable(NULL, lights, 25, &solvable), LIGHTSOUT_NULL_POINTER, NULL);
    CHECK(solvable == true);
    EXPECT(lightsout_game_is_solvable(g, lights, 25, &solvable), LIGHTSOUT_OK, NULL);
    CHECK(solvable == false);

    lights[0] = 0;
    EXPECT(lightsout_game_solve(g, lights, 25, presses, 25), LIGHTSOUT_OK, NULL);
    memset(after, 7, sizeof after);
    EXPECT(lightsout_game_apply(g, lights, 25, presses, 24, after, 25), LIGHTSOUT_LENGTH_MISMATCH, "presses");
    EXPECT(lightsout_game_apply(g, lights, 25, presses, 25, after, 26), LIGHTSOUT_LENGTH_MISMATCH, NULL);
    EXPECT(lightsout_game_apply(g, lights, 25, NULL, 25, after, 25), LIGHTSOUT_NULL_POINTER, "presses");
    EXPECT(lightsout_game_apply(g, lights, 25, presses, 25, NULL, 25), LIGHTSOUT_NULL_POINTER, "lights_out");
    EXPECT(lightsout_game_apply(NULL, lights, 25, presses, 25, after, 25), LIGHTSOUT_NULL_POINTER, NULL);
    presses[24] = 5;
    EXPECT(lightsout_game_apply(g, lights, 25, presses, 25, after, 25), LIGHTSOUT_OUT_OF_RANGE, "presses[24]");
    CHECK(all_equal(after, 26, 0x07070707u));
    EXPECT(lightsout_game_solve(g, lights, 25, presses, 25), LIGHTSOUT_OK, NULL);
    EXPECT(lightsout_game_apply(g, lights, 25, presses, 25, after, 25), LIGHTSOUT_OK, NULL);
    CHECK(all_equal(after, 25, 0));
    /* In place: the output may be an input. */
    EXPECT(lightsout_game_apply(g, lights, 25, presses, 25, lights, 25), LIGHTSOUT_OK, NULL);
    CHECK(all_equal(lights, 25, 0));

    memset(lights, 7, sizeof lights);
    EXPECT(lightsout_game_random_solvable(g, 1, lights, 24), LIGHTSOUT_LENGTH_MISMATCH, NULL);
    EXPECT(lightsout_game_random_solvable(g, 1, NULL, 25), LIGHTSOUT_NULL_POINTER, NULL);
    EXPECT(lightsout_game_random_solvable(NULL, 1, lights, 25), LIGHTSOUT_NULL_POINTER, NULL);
    CHECK(all_equal(lights, 26, 0x07070707u));
    EXPECT(lightsout_game_random_solvable(g, 1, lights, 25), LIGHTSOUT_OK, NULL);
    EXPECT(lightsout_game_is_solvable(g, lights, 25, &solvable), LIGHTSOUT_OK, NULL);
    CHECK(solvable == true);
    lightsout_game_free(g);
}

/* The default budget of a search (0 is no budget and is refused). */
#define WORK LIGHTSOUT_DEFAULT_MAX_WORK
#define SECS LIGHTSOUT_DEFAULT_MAX_SECONDS

/* lightsout_game_worst_case_with on the 5x5 grid (g): no symmetries, or the transpose given,
   prove the same 15 presses as the detected ones; a shift (no symmetry of the grid), a
   non-permutation, a length that is no multiple of 25, permutations without
   LIGHTSOUT_SYMMETRY_GIVEN and an unknown choice are refused, the outputs left alone. */
static void worst_symmetry(const lightsout_game *g) {
    const uint64_t work = LIGHTSOUT_DEFAULT_MAX_WORK;
    uint32_t board[25], presses[25], transpose[25], shift[25], twice[50], zeros[25] = {0};
    lightsout_worst_info worst = {99, 99, 99, false};
    for (uint32_t j = 0; j < 25; j++) {
        transpose[j] = (j % 5) * 5 + j / 5;
        shift[j] = (j + 1) % 25;
        twice[j] = transpose[j];
        twice[25 + j] = 24 - j; /* the half turn */
    }
    memset(board, 7, sizeof board);
    memset(presses, 7, sizeof presses);
    EXPECT(lightsout_game_worst_case_with(g, work, 60.0, LIGHTSOUT_SYMMETRY_GIVEN, shift, 25, board, 25, presses, 25,
                                          &worst),
           LIGHTSOUT_INVALID_ARGUMENT, "quiet patterns");
    EXPECT(lightsout_game_worst_case_with(g, work, 60.0, LIGHTSOUT_SYMMETRY_GIVEN, zeros, 25, board, 25, presses, 25,
                                          &worst),
           LIGHTSOUT_INVALID_ARGUMENT, "not a permutation");
    EXPECT(lightsout_game_worst_case_with(g, work, 60.0, LIGHTSOUT_SYMMETRY_GIVEN, shift, 24, board, 25, presses, 25,
                                          &worst),
           LIGHTSOUT_INVALID_ARGUMENT, "multiple of the game's 25 buttons");
    EXPECT(lightsout_game_worst_case_with(g, work, 60.0, LIGHTSOUT_SYMMETRY_PLAIN, shift, 25, board, 25, presses, 25,
                                          &worst),
           LIGHTSOUT_INVALID_ARGUMENT, "perms must be empty");
    EXPECT(lightsout_game_worst_case_with(g, work, 60.0, 3, NULL, 0, board, 25, presses, 25, &worst),
           LIGHTSOUT_INVALID_ARGUMENT, "LIGHTSOUT_SYMMETRY_GIVEN (2), not 3");
    EXPECT(lightsout_game_worst_case_with(g, work, 60.0, LIGHTSOUT_SYMMETRY_GIVEN, NULL, 25, board, 25, presses, 25,
                                          &worst),
           LIGHTSOUT_NULL_POINTER, "perms");
    EXPECT(lightsout_game_worst_case_with(NULL, work, 60.0, LIGHTSOUT_SYMMETRY_PLAIN, NULL, 0, board, 25, presses, 25,
                                          &worst),
           LIGHTSOUT_NULL_POINTER, NULL);
    CHECK(all_equal(board, 25, 0x07070707u) && all_equal(presses, 25, 0x07070707u) && worst.weight == 99);
    EXPECT(lightsout_game_worst_case_with(g, work, 60.0, LIGHTSOUT_SYMMETRY_PLAIN, NULL, 0, board, 25, presses, 25,
                                          &worst),
           LIGHTSOUT_OK, NULL);
    CHECK(worst.weight == 15 && worst.upper_bound == 15 && worst.proven_optimal);
    worst.weight = 99;
    EXPECT(lightsout_game_worst_case_with(g, work, 60.0, LIGHTSOUT_SYMMETRY_GIVEN, twice, 50, board, 25, presses, 25,
                                          &worst),
           LIGHTSOUT_OK, NULL);
    CHECK(worst.weight == 15 && worst.upper_bound == 15 && worst.proven_optimal);
    worst.weight = 99;
    EXPECT(lightsout_game_worst_case_with(g, work, 60.0, LIGHTSOUT_SYMMETRY_DETECT, NULL, 0, board, 25, presses, 25,
                                          &worst),
           LIGHTSOUT_OK, NULL);
    CHECK(worst.weight == 15 && worst.upper_bound == 15 && worst.proven_optimal);
}

static void minimal(void) {
    lightsout_game *g = NULL;
    EXPECT(lightsout_game_new_preset("classic", &g), LIGHTSOUT_OK, NULL);
    uint32_t lights[25] = {0}, presses[25];
    lightsout_minimal_info info = {99, 99, 99, false};
    memset(presses, 7, sizeof presses);
    lights[12] = 1;
    EXPECT(lightsout_game_solve_minimal(g, lights, 25, WORK, -1.0, presses, 25, &info), LIGHTSOUT_INVALID_ARGUMENT,
           "max_seconds");
    EXPECT(lightsout_game_solve_minimal(g, lights, 25, WORK, NAN, presses, 25, &info), LIGHTSOUT_INVALID_ARGUMENT, NULL);
    /* 0 is no budget, in C as in Python and the command line: refused, naming the defaults. */
    EXPECT(lightsout_game_solve_minimal(g, lights, 25, 0, SECS, presses, 25, &info), LIGHTSOUT_INVALID_ARGUMENT,
           "0 is no budget (LIGHTSOUT_DEFAULT_MAX_WORK");
    EXPECT(lightsout_game_solve_minimal(g, lights, 25, WORK, 0.0, presses, 25, &info), LIGHTSOUT_INVALID_ARGUMENT,
           "LIGHTSOUT_DEFAULT_MAX_SECONDS for the default 60");
    EXPECT(lightsout_game_solve_minimal(g, lights, 25, WORK, SECS, presses, 20, &info), LIGHTSOUT_LENGTH_MISMATCH, NULL);
    EXPECT(lightsout_game_solve_minimal(g, NULL, 25, WORK, SECS, presses, 25, &info), LIGHTSOUT_NULL_POINTER, NULL);
    EXPECT(lightsout_game_solve_minimal(NULL, lights, 25, WORK, SECS, presses, 25, &info), LIGHTSOUT_NULL_POINTER, NULL);
    lights[0] = 1;
    EXPECT(lightsout_game_solve_minimal(g, lights, 25, WORK, SECS, presses, 25, &info), LIGHTSOUT_UNSOLVABLE, NULL);
    CHECK(all_equal(presses, 25, 0x07070707u) && info.weight == 99 && !info.proven_optimal);
    lights[0] = 0;
    /* info_out may be NULL. */
    EXPECT(lightsout_game_solve_minimal(g, lights, 25, WORK, INFINITY, presses, 25, NULL), LIGHTSOUT_OK, NULL);
    EXPECT(lightsout_game_solve_minimal(g, lights, 25, 1, SECS, presses, 25, &info), LIGHTSOUT_OK, NULL);
    EXPECT(lightsout_game_solve_minimal(g, lights, 25, WORK, SECS, presses, 25, &info), LIGHTSOUT_OK, NULL);
    /* One lit centre light: all four solutions press 11 buttons (checked by light chasing). */
    CHECK(info.proven_optimal && info.weight == 11 && info.lower_bound == 11);

    memset(lights, 7, sizeof lights);
    EXPECT(lightsout_game_random_with_presses(g, 1, 26, lights, 25), LIGHTSOUT_INVALID_ARGUMENT, "26");
    EXPECT(lightsout_game_random_with_presses(g, 1, 3, lights, 26), LIGHTSOUT_LENGTH_MISMATCH, NULL);
    EXPECT(lightsout_game_random_with_presses(g, 1, 3, NULL, 25), LIGHTSOUT_NULL_POINTER, NULL);
    EXPECT(lightsout_game_random_with_difficulty(g, 1, 16, lights, 25), LIGHTSOUT_INVALID_ARGUMENT, "16");
    EXPECT(lightsout_game_random_with_difficulty(NULL, 1, 3, lights, 25), LIGHTSOUT_NULL_POINTER, NULL);
    CHECK(all_equal(lights, 25, 0x07070707u));
    /* Difficulty 0 means any board, as everywhere: the uniform board of the same seed. */
    {
        uint32_t uniform[25], any[25];
        EXPECT(lightsout_game_random_solvable(g, 5, uniform, 25), LIGHTSOUT_OK, NULL);
        EXPECT(lightsout_game_random_with_difficulty(g, 5, 0, any, 25), LIGHTSOUT_OK, NULL);
        CHECK(memcmp(uniform, any, sizeof any) == 0);
    }
    EXPECT(lightsout_game_random_with_difficulty(g, 1, 9, lights, 25), LIGHTSOUT_OK, NULL);
    EXPECT(lightsout_game_solve_minimal(g, lights, 25, WORK, SECS, presses, 25, &info), LIGHTSOUT_OK, NULL);
    CHECK(info.weight == 9 && info.proven_optimal);

    /* The worst case: bad lengths, NULLs and budgets leave the outputs alone. */
    uint32_t board[25];
    lightsout_worst_info worst = {99, 99, 99, false};
    memset(board, 7, sizeof board);
    memset(presses, 7, sizeof presses);
    EXPECT(lightsout_game_worst_case(NULL, WORK, SECS, board, 25, presses, 25, &worst), LIGHTSOUT_NULL_POINTER, NULL);
    EXPECT(lightsout_game_worst_case(g, WORK, SECS, NULL, 25, presses, 25, &worst), LIGHTSOUT_NULL_POINTER, NULL);
    EXPECT(lightsout_game_worst_case(g, WORK, SECS, board, 25, NULL, 25, &worst), LIGHTSOUT_NULL_POINTER, NULL);
    EXPECT(lightsout_game_worst_case(g, WORK, SECS, board, 24, presses, 25, &worst), LIGHTSOUT_LENGTH_MISMATCH, NULL);
    EXPECT(lightsout_game_worst_case(g, WORK, SECS, board, 25, presses, 26, &worst), LIGHTSOUT_LENGTH_MISMATCH, NULL);
    EXPECT(lightsout_game_worst_case(g, WORK, -1.0, board, 25, presses, 25, &worst), LIGHTSOUT_INVALID_ARGUMENT,
           "max_seconds");
    EXPECT(lightsout_game_worst_case(g, WORK, NAN, board, 25, presses, 25, &worst), LIGHTSOUT_INVALID_ARGUMENT, NULL);
    EXPECT(lightsout_game_worst_case(g, 0, SECS, board, 25, presses, 25, &worst), LIGHTSOUT_INVALID_ARGUMENT,
           "0 is no budget");
    EXPECT(lightsout_game_worst_case(g, WORK, 0.0, board, 25, presses, 25, &worst), LIGHTSOUT_INVALID_ARGUMENT,
           "0 is no budget");
    CHECK(all_equal(board, 25, 0x07070707u) && all_equal(presses, 25, 0x07070707u) && worst.weight == 99);
    EXPECT(lightsout_game_worst_case(g, WORK, INFINITY, board, 25, presses, 25, NULL), LIGHTSOUT_OK, NULL);
    EXPECT(lightsout_game_worst_case(g, WORK, SECS, board, 25, presses, 25, &worst), LIGHTSOUT_OK, NULL);
    /* The hardest 5x5 board needs 15 presses, proven. */
    CHECK(worst.weight == 15 && worst.upper_bound == 15 && worst.proven_optimal);
    EXPECT(lightsout_game_solve_minimal(g, board, 25, WORK, SECS, presses, 25, &info), LIGHTSOUT_OK, NULL);
    CHECK(info.weight == 15 && info.proven_optimal);
    worst_symmetry(g);
    lightsout_game_free(g);
    /* Past the search over value histograms (modulus 257 > 255): searched, not the empty board.
       The 1 x 2 grid's hardest board needs 256 presses. */
    EXPECT(lightsout_game_new_grid(1, 2, 257, &g), LIGHTSOUT_OK, NULL);
    EXPECT(lightsout_game_worst_case(g, WORK, SECS, board, 2, presses, 2, &worst), LIGHTSOUT_OK, NULL);
    CHECK(worst.weight == 256 && worst.upper_bound == 256 && worst.proven_optimal);
    lightsout_game_free(g);
}

static void dataset(void) {
    lightsout_game *g = NULL;
    EXPECT(lightsout_game_new_preset("classic", &g), LIGHTSOUT_OK, NULL);
    uint32_t boards[3 * 25], presses[3 * 25], after[25];
    uint64_t distances[3] = {99, 99, 99};
    memset(boards, 7, sizeof boards);
    EXPECT(lightsout_game_dataset(NULL, 3, 0, 1, boards, 75, presses, 75, distances, 3), LIGHTSOUT_NULL_POINTER, NULL);
    EXPECT(lightsout_game_dataset(g, 3, 0, 1, boards, 74, presses, 75, distances, 3), LIGHTSOUT_LENGTH_MISMATCH,
           "boards_out");
    EXPECT(lightsout_game_dataset(g, 3, 0, 1, boards, 75, NULL, 75, distances, 3), LIGHTSOUT_NULL_POINTER, NULL);
    EXPECT(lightsout_game_dataset(g, 3, 0, 1, boards, 75, presses, 75, distances, 2), LIGHTSOUT_LENGTH_MISMATCH,
           "distances_out");
    EXPECT(lightsout_game_dataset(g, 3, 16, 1, boards, 75, presses, 75, distances, 3), LIGHTSOUT_INVALID_ARGUMENT,
           "0 to 15");
    EXPECT(lightsout_game_dataset(g, SIZE_MAX, 0, 1, boards, 75, presses, 75, distances, 3), LIGHTSOUT_TOO_LARGE,
           NULL);
    CHECK(all_equal(boards, 75, 0x07070707u) && distances[0] == 99);
    /* Three boards that need exactly 9 presses, each turned off by its presses. */
    EXPECT(lightsout_game_dataset(g, 3, 9, 1, boards, 75, presses, 75, distances, 3), LIGHTSOUT_OK, NULL);
    for (int i = 0; i < 3; i++) {
        uint64_t weight = 0;
        for (int j = 0; j < 25; j++) weight += presses[i * 25 + j];
        EXPECT(lightsout_game_apply(g, boards + i * 25, 25, presses + i * 25, 25, after, 25), LIGHTSOUT_OK, NULL);
        CHECK(all_equal(after, 25, 0) && distances[i] == 9 && weight == 9);
    }
    /* Zero rows: nothing to write, NULL outputs are fine. */
    EXPECT(lightsout_game_dataset(g, 0, 0, 1, NULL, 0, NULL, 0, NULL, 0), LIGHTSOUT_OK, NULL);
    /* Difficulty 0 means uniform (as Python's difficulty=0 or None and the command line's
       --difficulty 0): boards with lights on, of several distances. */
    EXPECT(lightsout_game_dataset(g, 3, 0, 5, boards, 75, presses, 75, distances, 3), LIGHTSOUT_OK, NULL);
    CHECK(!all_equal(boards, 75, 0) && distances[0] + distances[1] + distances[2] > 0);
    lightsout_game_free(g);
}

static void text(void) {
    lightsout_game *g = NULL;
    EXPECT(lightsout_game_new_cube(1, 2, &g), LIGHTSOUT_OK, NULL);
    uint32_t lights[6], values[6] = {1, 0, 0, 0, 0, 1};
    memset(lights, 7, sizeof lights);
    EXPECT(lightsout_game_parse_board(g, "1\n", lights, 6), LIGHTSOUT_PARSE_ERROR, "6 block");
    EXPECT(lightsout_game_parse_board(g, "1\n\n0\n\n0\n\n0\n\n0\n\n2\n", lights, 6), LIGHTSOUT_PARSE_ERROR, "line 11");
    EXPECT(lightsout_game_parse_board(g, NULL, lights, 6), LIGHTSOUT_NULL_POINTER, "text");
    EXPECT(lightsout_game_parse_board(g, "1\n\n0\n\n0\n\n0\n\n0\n\n1\n", lights, 5), LIGHTSOUT_LENGTH_MISMATCH, NULL);
    EXPECT(lightsout_game_parse_board(NULL, "1\n", lights, 6), LIGHTSOUT_NULL_POINTER, NULL);
    CHECK(all_equal(lights, 6, 0x07070707u));
    EXPECT(lightsout_game_parse_board(g, "1\n\n0\n\n0\n\n0\n\n0\n\n1\n", lights, 6), LIGHTSOUT_OK, NULL);
    CHECK(memcmp(lights, values, sizeof values) == 0);

    size_t len = 12345;
    char buf[64];
    memset(buf, 'x', sizeof buf);
    EXPECT(lightsout_game_format_board_len(g, values, 5, &len), LIGHTSOUT_LENGTH_MISMATCH, NULL);
    EXPECT(lightsout_game_format_board_len(g, values, 6, NULL), LIGHTSOUT_NULL_POINTER, NULL);
    EXPECT(lightsout_game_format_board_len(g, NULL, 6, &len), LIGHTSOUT_NULL_POINTER, NULL);
    CHECK(len == 12345);
    EXPECT(lightsout_game_format_board_len(g, values, 6, &len), LIGHTSOUT_OK, NULL);
    CHECK(len == 18); /* "1\n\n0\n\n0\n\n0\n\n0\n\n1\n" and the NUL */
    EXPECT(lightsout_game_format_board(g, values, 6, buf, len - 1), LIGHTSOUT_LENGTH_MISMATCH, "18 bytes");
    EXPECT(lightsout_game_format_board(g, values, 6, NULL, len), LIGHTSOUT_NULL_POINTER, "text_out");
    values[0] = 3;
    EXPECT(lightsout_game_format_board(g, values, 6, buf, sizeof buf), LIGHTSOUT_OUT_OF_RANGE, NULL);
    values[0] = 1;
    CHECK(buf[0] == 'x' && buf[63] == 'x');
    EXPECT(lightsout_game_format_board(g, values, 6, buf, len), LIGHTSOUT_OK, NULL);
    CHECK(strcmp(buf, "1\n\n0\n\n0\n\n0\n\n0\n\n1\n") == 0);
    lightsout_game_free(g);

    /* Spec text: any shape and rule; a game's spec rebuilds it. */
    EXPECT(lightsout_game_new_preset("merlin", &g), LIGHTSOUT_OK, NULL);
    len = 12345;
    EXPECT(lightsout_game_spec_len(NULL, &len), LIGHTSOUT_NULL_POINTER, NULL);
    EXPECT(lightsout_game_spec_len(g, NULL), LIGHTSOUT_NULL_POINTER, NULL);
    CHECK(len == 12345);
    EXPECT(lightsout_game_spec_len(g, &len), LIGHTSOUT_OK, NULL);
    char spec[512];
    CHECK(len > 20 && len <= sizeof spec);
    memset(spec, 'x', sizeof spec);
    EXPECT(lightsout_game_spec(g, spec, len - 1), LIGHTSOUT_LENGTH_MISMATCH, "bytes");
    EXPECT(lightsout_game_spec(g, NULL, len), LIGHTSOUT_NULL_POINTER, NULL);
    CHECK(spec[0] == 'x');
    EXPECT(lightsout_game_spec(g, spec, sizeof spec), LIGHTSOUT_OK, NULL);
    CHECK(strlen(spec) + 1 == len && strstr(spec, "rule sets") != NULL);
    lightsout_game *again = NULL;
    EXPECT(lightsout_game_new_from_spec(spec, &again), LIGHTSOUT_OK, NULL);
    uint32_t merlin_board[9] = {1, 1, 1, 1, 0, 1, 1, 1, 1}, p1[9], p2[9];
    EXPECT(lightsout_game_solve(g, merlin_board, 9, p1, 9), LIGHTSOUT_OK, NULL);
    EXPECT(lightsout_game_solve(again, merlin_board, 9, p2, 9), LIGHTSOUT_OK, NULL);
    CHECK(memcmp(p1, p2, sizeof p1) == 0);
    lightsout_game_free(again);
    lightsout_game_free(g);
    g = SENTINEL;
    EXPECT(lightsout_game_new_from_spec(NULL, &g), LIGHTSOUT_NULL_POINTER, "spec");
    EXPECT(lightsout_game_new_from_spec("", &g), LIGHTSOUT_PARSE_ERROR, NULL);
    EXPECT(lightsout_game_new_from_spec("lightsout-game 1\nmodulus 2\nshape torus 3\nrule moore\n", &g),
           LIGHTSOUT_PARSE_ERROR, "line 3");
    EXPECT(lightsout_game_new_from_spec("lightsout-game 1\nmodulus 1\nshape torus 3 3\nrule moore\n", &g),
           LIGHTSOUT_INVALID_MODULUS, NULL);
    EXPECT(lightsout_game_new_from_spec("lightsout-game 1\nmodulus 2\nshape grid 0 5\nrule plus\n", &g),
           LIGHTSOUT_INVALID_ARGUMENT, NULL);
    EXPECT(lightsout_game_new_from_spec("lightsout-game 1\nmodulus 2\nshape torus 3 3\nrule moore\n", NULL),
           LIGHTSOUT_NULL_POINTER, NULL);
    CHECK(g == SENTINEL);
    EXPECT(lightsout_game_new_from_spec("lightsout-game 1\nmodulus 2\nshape torus 3 3\nrule moore\n", &g),
           LIGHTSOUT_OK, NULL);
    CHECK(lightsout_game_size(g) == 9);
    lightsout_game_free(g);

    /* A board with holes: text in, the same text out. */
    EXPECT(lightsout_game_new_from_text("1#\n01\n", 2, &g), LIGHTSOUT_OK, NULL);
    CHECK(lightsout_game_size(g) == 3);
    EXPECT(lightsout_game_parse_board(g, "11\n01\n", lights, 3), LIGHTSOUT_PARSE_ERROR, "hole");
    EXPECT(lightsout_game_parse_board(g, "1#\n01\n", lights, 3), LIGHTSOUT_OK, NULL);
    EXPECT(lightsout_game_format_board(g, lights, 3, buf, sizeof buf), LIGHTSOUT_OK, NULL);
    CHECK(strcmp(buf, "1#\n01\n") == 0);
    lightsout_game_free(g);
}

/* The 5x5 grid through the game functions, compactly: what the grid solver functions of 0.2 did
 * (packed bits over GF(2), bytes over Z_3, uint32_t values). */
static void small_grid_boards(void) {
    lightsout_game *s = NULL, *s3 = NULL, *s5 = NULL;
    size_t len = 12345;
    bool yes = true;
    EXPECT(lightsout_game_new_grid(0, 5, 2, &s), LIGHTSOUT_INVALID_ARGUMENT, "at least 1");
    EXPECT(lightsout_game_new_grid(1u << 21, 1u << 21, 2, &s), LIGHTSOUT_TOO_LARGE, NULL);
    EXPECT(lightsout_game_new_grid(5, 5, 2, NULL), LIGHTSOUT_NULL_POINTER, NULL);
    CHECK(s == NULL);
    EXPECT(lightsout_game_new_grid(5, 5, 2, &s), LIGHTSOUT_OK, NULL);
    EXPECT(lightsout_game_new_grid(5, 5, 3, &s3), LIGHTSOUT_OK, NULL);
    EXPECT(lightsout_game_new_grid(5, 5, 5, &s5), LIGHTSOUT_OK, NULL);
    EXPECT(lightsout_game_nullity(NULL, &len), LIGHTSOUT_NULL_POINTER, "game");
    EXPECT(lightsout_game_nullity(s, NULL), LIGHTSOUT_NULL_POINTER, NULL);
    EXPECT(lightsout_game_board_len(NULL, LIGHTSOUT_BOARD_PACKED, &len), LIGHTSOUT_NULL_POINTER, NULL);
    EXPECT(lightsout_game_board_len(s5, LIGHTSOUT_BOARD_PACKED, &len), LIGHTSOUT_INVALID_ARGUMENT, NULL);
    CHECK(len == 12345);
    EXPECT(lightsout_game_nullity(s, &len), LIGHTSOUT_OK, NULL);
    CHECK(len == 2);
    CHECK(lightsout_game_size(s) == 25);
    EXPECT(lightsout_game_board_len(s, LIGHTSOUT_BOARD_PACKED, &len), LIGHTSOUT_OK, NULL);
    CHECK(len == 5);

    /* Packed: one byte per row of 5 lights, most significant bit first. */
    uint8_t board[5] = {0x80, 0, 0, 0, 0}, presses[5];
    memset(presses, 7, sizeof presses);
    EXPECT(lightsout_game_is_solvable_board(s, LIGHTSOUT_BOARD_PACKED, board, 4, &yes), LIGHTSOUT_LENGTH_MISMATCH, "5");
    EXPECT(lightsout_game_is_solvable_board(s, LIGHTSOUT_BOARD_PACKED, NULL, 5, &yes), LIGHTSOUT_NULL_POINTER, NULL);
    EXPECT(lightsout_game_is_solvable_board(s, LIGHTSOUT_BOARD_PACKED, board, 5, NULL), LIGHTSOUT_NULL_POINTER, NULL);
    EXPECT(lightsout_game_is_solvable_board(s5, LIGHTSOUT_BOARD_PACKED, board, 5, &yes), LIGHTSOUT_INVALID_ARGUMENT, NULL);
    CHECK(yes == true);
    EXPECT(lightsout_game_is_solvable_board(s, LIGHTSOUT_BOARD_PACKED, board, 5, &yes), LIGHTSOUT_OK, NULL);
    CHECK(yes == false); /* one lit corner */
    EXPECT(lightsout_game_solve_board(s, LIGHTSOUT_BOARD_PACKED, board, 5, presses, 5), LIGHTSOUT_UNSOLVABLE, NULL);
    EXPECT(lightsout_game_solve_board(s, LIGHTSOUT_BOARD_PACKED, board, 5, presses, 6), LIGHTSOUT_LENGTH_MISMATCH, NULL);
    EXPECT(lightsout_game_solve_board(s, LIGHTSOUT_BOARD_PACKED, board, 5, NULL, 5), LIGHTSOUT_NULL_POINTER, NULL);
    EXPECT(lightsout_game_solve_board(s5, LIGHTSOUT_BOARD_PACKED, board, 5, presses, 5), LIGHTSOUT_INVALID_ARGUMENT,
           NULL);
    CHECK(all_equal((const uint32_t *)(const void *)presses, 1, 0x07070707u));
    board[0] = 0xC0; /* what pressing the top left button does: solvable */
    board[1] = 0x80;
    EXPECT(lightsout_game_solve_board(s, LIGHTSOUT_BOARD_PACKED, board, 5, presses, 5), LIGHTSOUT_OK, NULL);
    uint8_t dark[5];
    EXPECT(lightsout_game_apply_board(s, LIGHTSOUT_BOARD_PACKED, board, 5, presses, 5, dark, 5), LIGHTSOUT_OK, NULL);
    CHECK(dark[0] == 0 && dark[1] == 0 && dark[2] == 0 && dark[3] == 0 && dark[4] == 0);

    /* What pressing button 7 (row 1, column 2) does over Z_3: solvable. */
    uint8_t bytes[25] = {0}, byte_presses[25];
    bytes[2] = bytes[6] = bytes[8] = bytes[12] = 1;
    bytes[7] = 2;
    EXPECT(lightsout_game_solve_board(s, LIGHTSOUT_BOARD_BYTES, bytes, 25, byte_presses, 25), LIGHTSOUT_OUT_OF_RANGE,
           NULL);
    EXPECT(lightsout_game_solve_board(s, LIGHTSOUT_BOARD_BYTES, bytes, 24, byte_presses, 25),
           LIGHTSOUT_LENGTH_MISMATCH, NULL);
    EXPECT(lightsout_game_solve_board(s3, LIGHTSOUT_BOARD_BYTES, bytes, 25, byte_presses, 24),
           LIGHTSOUT_LENGTH_MISMATCH, NULL);
    bytes[7] = 1;
    EXPECT(lightsout_game_solve_board(s3, LIGHTSOUT_BOARD_BYTES, bytes, 25, byte_presses, 25), LIGHTSOUT_OK, NULL);

    uint32_t lights[25] = {0}, sol[25], after[25];
    lights[0] = 1;
    EXPECT(lightsout_game_solve(s, lights, 25, sol, 25), LIGHTSOUT_UNSOLVABLE, NULL);
    EXPECT(lightsout_game_solve(s, lights, 25, NULL, 25), LIGHTSOUT_NULL_POINTER, NULL);
    EXPECT(lightsout_game_solve(NULL, lights, 25, sol, 25), LIGHTSOUT_NULL_POINTER, NULL);
    lights[0] = 0;
    lights[2] = lights[6] = lights[7] = lights[8] = lights[12] = 2; /* button 7 pressed twice */
    EXPECT(lightsout_game_solve(s3, lights, 25, sol, 25), LIGHTSOUT_OK, NULL);
    EXPECT(lightsout_game_apply(s3, lights, 25, sol, 25, after, 25), LIGHTSOUT_OK, NULL);
    CHECK(all_equal(after, 25, 0));
    EXPECT(lightsout_game_apply(s3, lights, 25, sol, 24, after, 25), LIGHTSOUT_LENGTH_MISMATCH, NULL);
    EXPECT(lightsout_game_apply(s, lights, 25, sol, 25, after, 25), LIGHTSOUT_OUT_OF_RANGE, NULL);
    lightsout_game_free(s);
    lightsout_game_free(s3);
    lightsout_game_free(s5);

    size_t lit[] = {0, 1, 0, 2, 1, 0, 1, 0};
    EXPECT(lightsout_torus_decide(3, lit, 6, &yes), LIGHTSOUT_OK, NULL);
    CHECK(yes == false);
    EXPECT(lightsout_torus_decide(3, lit, 5, &yes), LIGHTSOUT_LENGTH_MISMATCH, "even");
    EXPECT(lightsout_torus_decide(3, lit, 8, &yes), LIGHTSOUT_INVALID_ARGUMENT, "twice");
    EXPECT(lightsout_torus_decide(1, lit, 2, &yes), LIGHTSOUT_INVALID_ARGUMENT, "outside");
    EXPECT(lightsout_torus_decide(0, NULL, 0, &yes), LIGHTSOUT_INVALID_ARGUMENT, NULL);
    EXPECT(lightsout_torus_decide(3, NULL, 2, &yes), LIGHTSOUT_NULL_POINTER, NULL);
    EXPECT(lightsout_torus_decide(3, lit, 6, NULL), LIGHTSOUT_NULL_POINTER, NULL);
    EXPECT(lightsout_torus_decide(3, NULL, 0, &yes), LIGHTSOUT_OK, NULL);
    CHECK(yes == true);
}

/* The last error belongs to the thread that failed. */
static void *other_thread(void *arg) {
    const char **seen = arg;
    seen[0] = lightsout_last_error()[0] == '\0' ? "empty" : "not empty";
    lightsout_game *g = NULL;
    lightsout_game_new_grid(0, 1, 2, &g);
    seen[1] = strstr(lightsout_last_error(), "at least 1") != NULL ? "own message" : "wrong message";
    return NULL;
}

static void last_error(void) {
    lightsout_game *g = NULL;
    EXPECT(lightsout_game_new_preset("nope", &g), LIGHTSOUT_UNKNOWN_PRESET, "nope");
    EXPECT(lightsout_game_new_preset("mini", &g), LIGHTSOUT_OK, NULL);
    CHECK(strstr(lightsout_last_error(), "nope") != NULL); /* success keeps the message */
    lightsout_game_free(g);
    const char *seen[2] = {NULL, NULL};
    pthread_t t;
    CHECK(pthread_create(&t, NULL, other_thread, seen) == 0);
    CHECK(pthread_join(t, NULL) == 0);
    CHECK(seen[0] != NULL && strcmp(seen[0], "empty") == 0);
    CHECK(seen[1] != NULL && strcmp(seen[1], "own message") == 0);
    CHECK(strstr(lightsout_last_error(), "nope") != NULL);
    /* The library names every status as this header does. */
    for (int v = LIGHTSOUT_OK; v <= LIGHTSOUT_UNKNOWN_PRESET; v++) {
        CHECK(strcmp(lightsout_status_name(v), status_name((lightsout_status)v)) == 0);
    }
    CHECK(strcmp(lightsout_status_name(-1), "LIGHTSOUT_UNKNOWN_STATUS") == 0);
    CHECK(strcmp(lightsout_status_name(LIGHTSOUT_UNKNOWN_PRESET + 1), "LIGHTSOUT_UNKNOWN_STATUS") == 0);
    const char *version = lightsout_version();
    CHECK(version != NULL && version[0] >= '0' && version[0] <= '9' && strchr(version, '.') != NULL);
}

/* Threads racing the first question of a fresh game: the matrix is factored once (the other
 * threads wait for it), and every thread gets the answers of a single-threaded run. */
#define RACERS 4
struct race {
    const lightsout_game *game;
    const uint32_t *board;
    size_t n;
    size_t rank;
    uint32_t presses[486];
    lightsout_status status;
};

static void *racer(void *arg) {
    struct race *r = arg;
    r->status = lightsout_game_rank(r->game, &r->rank);
    if (r->status == LIGHTSOUT_OK) {
        r->status = lightsout_game_solve(r->game, r->board, r->n, r->presses, r->n);
    }
    return NULL;
}

static double cpu_seconds(void) {
    return (double)clock() / CLOCKS_PER_SEC;
}

static void racing_first_use(void) {
    lightsout_game *alone = NULL, *shared = NULL;
    CHECK(lightsout_game_new_cube(9, 7, &alone) == LIGHTSOUT_OK); /* 486 lights, Z_7 */
    CHECK(lightsout_game_new_cube(9, 7, &shared) == LIGHTSOUT_OK);
    size_t n = lightsout_game_size(alone), rank = 0;
    uint32_t board[486], expected[486];
    CHECK(n == 486);
    CHECK(lightsout_game_random_solvable(alone, 42, board, n) == LIGHTSOUT_OK);
    double start = cpu_seconds();
    CHECK(lightsout_game_rank(alone, &rank) == LIGHTSOUT_OK);
    double one = cpu_seconds() - start;
    CHECK(lightsout_game_solve(alone, board, n, expected, n) == LIGHTSOUT_OK);
    struct race races[RACERS];
    pthread_t threads[RACERS];
    start = cpu_seconds();
    for (int i = 0; i < RACERS; i++) {
        races[i] = (struct race){.game = shared, .board = board, .n = n, .status = LIGHTSOUT_PANIC};
        CHECK(pthread_create(&threads[i], NULL, racer, &races[i]) == 0);
    }
    for (int i = 0; i < RACERS; i++) {
        CHECK(pthread_join(threads[i], NULL) == 0);
    }
    double racing = cpu_seconds() - start;
    for (int i = 0; i < RACERS; i++) {
        CHECK(races[i].status == LIGHTSOUT_OK);
        CHECK(races[i].rank == rank);
        CHECK(memcmp(races[i].presses, expected, sizeof expected) == 0);
    }
    /* Four factorisations would cost about four times one. */
    if (!(racing < 2.5 * one + 0.05)) {
        char detail[96];
        snprintf(detail, sizeof detail, "racing threads used %.3f s of CPU, one factorisation %.3f s", racing, one);
        record(0, __LINE__, "racing threads factor the matrix once", detail);
    } else {
        passed++;
    }
    lightsout_game_free(alone);
    lightsout_game_free(shared);
}

static void ring(void) {
    /* Four states per light: Z_4 is a ring, described by divisors and generator orders. */
    lightsout_game *g = NULL;
    EXPECT(lightsout_game_new_grid(4, 4, 4, &g), LIGHTSOUT_OK, NULL);
    size_t n = 12345;
    EXPECT(lightsout_game_rank(g, &n), LIGHTSOUT_INVALID_ARGUMENT, "elementary divisors");
    EXPECT(lightsout_game_nullity(g, &n), LIGHTSOUT_INVALID_ARGUMENT, "not prime");
    CHECK(n == 12345);
    uint32_t divisors[16];
    EXPECT(lightsout_game_elementary_divisors(NULL, divisors, 16), LIGHTSOUT_NULL_POINTER, "game");
    EXPECT(lightsout_game_elementary_divisors(g, NULL, 16), LIGHTSOUT_NULL_POINTER, NULL);
    EXPECT(lightsout_game_elementary_divisors(g, divisors, 15), LIGHTSOUT_LENGTH_MISMATCH, "16");
    EXPECT(lightsout_game_elementary_divisors(g, divisors, 16), LIGHTSOUT_OK, NULL);
    uint64_t product = 1;
    for (int i = 0; i < 16; i++) product *= divisors[i];
    CHECK(product == 64);
    EXPECT(lightsout_game_null_basis_len(g, &n), LIGHTSOUT_OK, NULL);
    CHECK(n == 4 * 16);
    uint32_t orders[4];
    EXPECT(lightsout_game_null_orders(NULL, orders, 4), LIGHTSOUT_NULL_POINTER, NULL);
    EXPECT(lightsout_game_null_orders(g, NULL, 4), LIGHTSOUT_NULL_POINTER, NULL);
    EXPECT(lightsout_game_null_orders(g, orders, 3), LIGHTSOUT_LENGTH_MISMATCH, "4");
    EXPECT(lightsout_game_null_orders(g, orders, 4), LIGHTSOUT_OK, NULL);
    CHECK(orders[0] == 2 && orders[1] == 2 && orders[2] == 4 && orders[3] == 4);
    uint32_t board[16] = {0}, presses[16];
    board[0] = 4;
    EXPECT(lightsout_game_solve(g, board, 16, presses, 16), LIGHTSOUT_OUT_OF_RANGE, "4");
    EXPECT(lightsout_game_random_solvable(g, 7, board, 16), LIGHTSOUT_OK, NULL);
    EXPECT(lightsout_game_solve(g, board, 16, presses, 16), LIGHTSOUT_OK, NULL);
    lightsout_game_free(g);

    /* Over a prime the divisors are rank ones, then p's, and every order is p. */
    EXPECT(lightsout_game_new_preset("classic", &g), LIGHTSOUT_OK, NULL);
    uint32_t d25[25];
    EXPECT(lightsout_game_elementary_divisors(g, d25, 25), LIGHTSOUT_OK, NULL);
    CHECK(d25[22] == 1 && d25[23] == 2 && d25[24] == 2);
    uint32_t o2[2];
    EXPECT(lightsout_game_null_orders(g, o2, 2), LIGHTSOUT_OK, NULL);
    CHECK(o2[0] == 2 && o2[1] == 2);
    lightsout_game_free(g);
}

static void inverse_and_many(void) {
    /* The pseudoinverse over Z_6 (squarefree: it exists) solves every solvable board. */
    lightsout_game *g = NULL;
    EXPECT(lightsout_game_new_grid(4, 4, 6, &g), LIGHTSOUT_OK, NULL);
    static uint32_t w[256];
    EXPECT(lightsout_game_pseudoinverse(NULL, w, 256), LIGHTSOUT_NULL_POINTER, "game");
    EXPECT(lightsout_game_pseudoinverse(g, NULL, 256), LIGHTSOUT_NULL_POINTER, NULL);
    EXPECT(lightsout_game_pseudoinverse(g, w, 255), LIGHTSOUT_LENGTH_MISMATCH, "256");
    EXPECT(lightsout_game_pseudoinverse(g, w, 256), LIGHTSOUT_OK, NULL);
    uint32_t board[16], presses[16], after[16];
    EXPECT(lightsout_game_random_solvable(g, 3, board, 16), LIGHTSOUT_OK, NULL);
    for (int i = 0; i < 16; i++) {
        uint64_t sum = 0;
        for (int j = 0; j < 16; j++) sum += (uint64_t)w[i * 16 + j] * ((6 - board[j]) % 6);
        presses[i] = (uint32_t)(sum % 6);
    }
    EXPECT(lightsout_game_apply(g, board, 16, presses, 16, after, 16), LIGHTSOUT_OK, NULL);
    for (int i = 0; i < 16; i++) CHECK(after[i] == 0);

    /* Obstructions: y . b = 0 for a solvable board, and a length query first. */
    size_t len = 12345;
    EXPECT(lightsout_game_obstructions_len(NULL, &len), LIGHTSOUT_NULL_POINTER, "game");
    EXPECT(lightsout_game_obstructions_len(g, NULL), LIGHTSOUT_NULL_POINTER, "out");
    EXPECT(lightsout_game_obstructions_len(g, &len), LIGHTSOUT_OK, NULL);
    CHECK(len > 0 && len % 16 == 0);
    uint32_t *ys = malloc(len * sizeof *ys);
    CHECK(ys != NULL);
    EXPECT(lightsout_game_obstructions(NULL, ys, len), LIGHTSOUT_NULL_POINTER, "game");
    EXPECT(lightsout_game_obstructions(g, ys, len + 1), LIGHTSOUT_LENGTH_MISMATCH, NULL);
    EXPECT(lightsout_game_obstructions(g, ys, len), LIGHTSOUT_OK, NULL);
    for (size_t k = 0; k < len / 16; k++) {
        uint64_t dot = 0;
        for (int j = 0; j < 16; j++) dot += (uint64_t)ys[k * 16 + j] * board[j];
        CHECK(dot % 6 == 0);
    }
    free(ys);

    /* Three boards at once: two solvable, one not (a single lit corner is unsolvable on the
       4 x 4 grid mod 2, so mod 6 too). */
    static uint32_t boards[48], many[48];
    bool ok[3];
    EXPECT(lightsout_game_random_solvable(g, 1, boards, 16), LIGHTSOUT_OK, NULL);
    EXPECT(lightsout_game_random_solvable(g, 2, boards + 16, 16), LIGHTSOUT_OK, NULL);
    boards[32] = 1;
    EXPECT(lightsout_game_solve_many(NULL, 3, boards, 48, many, 48, ok, 3), LIGHTSOUT_NULL_POINTER, "game");
    EXPECT(lightsout_game_solve_many(g, 3, boards, 47, many, 48, ok, 3), LIGHTSOUT_LENGTH_MISMATCH, "48");
    EXPECT(lightsout_game_solve_many(g, 3, boards, 48, many, 47, ok, 3), LIGHTSOUT_LENGTH_MISMATCH, NULL);
    EXPECT(lightsout_game_solve_many(g, 3, boards, 48, many, 48, ok, 2), LIGHTSOUT_LENGTH_MISMATCH, NULL);
    EXPECT(lightsout_game_solve_many(g, 3, boards, 48, NULL, 48, ok, 3), LIGHTSOUT_NULL_POINTER, NULL);
    EXPECT(lightsout_game_solve_many(g, (size_t)-1, boards, 48, many, 48, ok, 3), LIGHTSOUT_TOO_LARGE, "overflows");
    EXPECT(lightsout_game_solve_many(g, 0, NULL, 0, NULL, 0, NULL, 0), LIGHTSOUT_OK, NULL);
    EXPECT(lightsout_game_solve_many(g, 3, boards, 48, many, 48, ok, 3), LIGHTSOUT_OK, NULL);
    CHECK(ok[0] && ok[1] && !ok[2]);
    for (int b = 0; b < 2; b++) {
        EXPECT(lightsout_game_apply(g, boards + 16 * b, 16, many + 16 * b, 16, after, 16), LIGHTSOUT_OK, NULL);
        for (int i = 0; i < 16; i++) CHECK(after[i] == 0);
    }
    for (int i = 0; i < 16; i++) CHECK(many[32 + i] == 0);
    boards[40] = 6;
    EXPECT(lightsout_game_solve_many(g, 3, boards, 48, many, 48, ok, 3), LIGHTSOUT_OUT_OF_RANGE, "board 2");
    lightsout_game_free(g);

    /* Over Z_4 the 4 x 4 grid has divisor 2: no pseudoinverse, and the message says why. */
    EXPECT(lightsout_game_new_grid(4, 4, 4, &g), LIGHTSOUT_OK, NULL);
    EXPECT(lightsout_game_pseudoinverse(g, w, 256), LIGHTSOUT_INVALID_ARGUMENT, "divisor 2");
    EXPECT(lightsout_game_solve_many(g, 1, boards, 16, many, 16, ok, 1), LIGHTSOUT_INVALID_ARGUMENT, "divisor 2");
    lightsout_game_free(g);
}

static void compact_boards(void) {
    /* A 100 x 90 GF(2) grid (structured): bytes and packed boards, natural and flat. */
    lightsout_game *g = NULL;
    EXPECT(lightsout_game_new_grid(100, 90, 2, &g), LIGHTSOUT_OK, NULL);
    size_t len = 12345;
    EXPECT(lightsout_game_board_len(NULL, LIGHTSOUT_BOARD_PACKED, &len), LIGHTSOUT_NULL_POINTER, "game");
    EXPECT(lightsout_game_board_len(g, LIGHTSOUT_BOARD_PACKED, NULL), LIGHTSOUT_NULL_POINTER, "out");
    EXPECT(lightsout_game_board_len(g, 4, &len), LIGHTSOUT_INVALID_ARGUMENT, "LIGHTSOUT_BOARD_PACKED_FLAT (3), not 4");
    CHECK(len == 12345);
    EXPECT(lightsout_game_board_len(g, LIGHTSOUT_BOARD_PACKED, &len), LIGHTSOUT_OK, NULL);
    CHECK(len == 100 * 12);
    EXPECT(lightsout_game_board_len(g, LIGHTSOUT_BOARD_PACKED_FLAT, &len), LIGHTSOUT_OK, NULL);
    CHECK(len == 9000 / 8);
    EXPECT(lightsout_game_board_len(g, LIGHTSOUT_BOARD_BYTES, &len), LIGHTSOUT_OK, NULL);
    CHECK(len == 9000);

    static uint32_t wide[9000], wide_presses[9000];
    static uint8_t bytes[9000], presses[9000], after[9000], packed[1200], packed_presses[1200];
    EXPECT(lightsout_game_random_solvable(g, 5, wide, 9000), LIGHTSOUT_OK, NULL);
    EXPECT(lightsout_game_random_solvable_board(g, LIGHTSOUT_BOARD_BYTES, 5, bytes, 9000), LIGHTSOUT_OK, NULL);
    int same = 1;
    for (int i = 0; i < 9000; i++) same &= bytes[i] == wide[i];
    CHECK(same);
    EXPECT(lightsout_game_solve_board(g, LIGHTSOUT_BOARD_BYTES, bytes, 9000, presses, 9000), LIGHTSOUT_OK, NULL);
    EXPECT(lightsout_game_solve(g, wide, 9000, wide_presses, 9000), LIGHTSOUT_OK, NULL);
    same = 1;
    for (int i = 0; i < 9000; i++) same &= presses[i] == wide_presses[i];
    CHECK(same);
    EXPECT(lightsout_game_apply_board(g, LIGHTSOUT_BOARD_BYTES, bytes, 9000, presses, 9000, after, 9000), LIGHTSOUT_OK,
           NULL);
    int dark = 1;
    for (int i = 0; i < 9000; i++) dark &= after[i] == 0;
    CHECK(dark);

    /* Packed: row r, column c is bit 7 - c % 8 of byte r * 12 + c / 8. */
    EXPECT(lightsout_game_random_solvable_board(g, LIGHTSOUT_BOARD_PACKED, 5, packed, 1200), LIGHTSOUT_OK, NULL);
    same = 1;
    for (int r = 0; r < 100; r++)
        for (int c = 0; c < 90; c++) same &= ((packed[r * 12 + c / 8] >> (7 - c % 8)) & 1) == bytes[r * 90 + c];
    CHECK(same);
    bool solvable = false;
    EXPECT(lightsout_game_is_solvable_board(g, LIGHTSOUT_BOARD_PACKED, packed, 1200, &solvable), LIGHTSOUT_OK, NULL);
    CHECK(solvable);
    EXPECT(lightsout_game_solve_board(g, LIGHTSOUT_BOARD_PACKED, packed, 1200, packed_presses, 1200), LIGHTSOUT_OK,
           NULL);
    same = 1;
    for (int r = 0; r < 100; r++)
        for (int c = 0; c < 90; c++)
            same &= ((packed_presses[r * 12 + c / 8] >> (7 - c % 8)) & 1) == presses[r * 90 + c];
    CHECK(same);

    /* In place: the presses replace the board, in both formats. */
    static uint8_t in_place[9000];
    memcpy(in_place, bytes, 9000);
    EXPECT(lightsout_game_solve_board_in_place(g, LIGHTSOUT_BOARD_BYTES, in_place, 9000), LIGHTSOUT_OK, NULL);
    CHECK(memcmp(in_place, presses, 9000) == 0);
    memcpy(in_place, packed, 1200);
    EXPECT(lightsout_game_solve_board_in_place(g, LIGHTSOUT_BOARD_PACKED, in_place, 1200), LIGHTSOUT_OK, NULL);
    CHECK(memcmp(in_place, packed_presses, 1200) == 0);
    memcpy(in_place, packed, 1200);
    EXPECT(lightsout_game_solve_board_in_place(g, LIGHTSOUT_BOARD_PACKED, in_place, 1199), LIGHTSOUT_LENGTH_MISMATCH,
           "1200");
    EXPECT(lightsout_game_solve_board_in_place(g, LIGHTSOUT_BOARD_PACKED, NULL, 1200), LIGHTSOUT_NULL_POINTER, "board");
    EXPECT(lightsout_game_solve_board_in_place(NULL, LIGHTSOUT_BOARD_PACKED, in_place, 1200), LIGHTSOUT_NULL_POINTER,
           "game");
    EXPECT(lightsout_game_solve_board_in_place(g, 9, in_place, 1200), LIGHTSOUT_INVALID_ARGUMENT, "not 9");
    CHECK(memcmp(in_place, packed, 1200) == 0);
    memcpy(in_place, bytes, 9000);
    in_place[4321] = 2;
    EXPECT(lightsout_game_solve_board_in_place(g, LIGHTSOUT_BOARD_BYTES, in_place, 9000), LIGHTSOUT_OUT_OF_RANGE,
           "4321");
    CHECK(in_place[4321] == 2 && memcmp(in_place, bytes, 4321) == 0);

    /* Bad input: status, message, outputs untouched. */
    memset(after, 7, sizeof after);
    EXPECT(lightsout_game_solve_board(g, LIGHTSOUT_BOARD_PACKED, packed, 1199, after, 1200), LIGHTSOUT_LENGTH_MISMATCH,
           "1200");
    EXPECT(lightsout_game_solve_board(g, LIGHTSOUT_BOARD_PACKED, packed, 1200, after, 1199), LIGHTSOUT_LENGTH_MISMATCH,
           "presses_out must have 1200 entries");
    EXPECT(lightsout_game_solve_board(g, LIGHTSOUT_BOARD_PACKED, NULL, 1200, after, 1200), LIGHTSOUT_NULL_POINTER,
           "lights");
    EXPECT(lightsout_game_solve_board(g, LIGHTSOUT_BOARD_PACKED, packed, 1200, NULL, 1200), LIGHTSOUT_NULL_POINTER,
           "presses_out");
    EXPECT(lightsout_game_solve_board(NULL, LIGHTSOUT_BOARD_PACKED, packed, 1200, after, 1200), LIGHTSOUT_NULL_POINTER,
           "game");
    EXPECT(lightsout_game_solve_board(g, 9, packed, 1200, after, 1200), LIGHTSOUT_INVALID_ARGUMENT, "not 9");
    bytes[4321] = 2;
    EXPECT(lightsout_game_solve_board(g, LIGHTSOUT_BOARD_BYTES, bytes, 9000, after, 9000), LIGHTSOUT_OUT_OF_RANGE,
           "4321");
    EXPECT(lightsout_game_is_solvable_board(g, LIGHTSOUT_BOARD_BYTES, bytes, 9000, &solvable), LIGHTSOUT_OUT_OF_RANGE,
           "4321");
    EXPECT(lightsout_game_apply_board(g, LIGHTSOUT_BOARD_BYTES, presses, 9000, bytes, 9000, after, 9000),
           LIGHTSOUT_OUT_OF_RANGE, "presses");
    bytes[4321] = 0;
    EXPECT(lightsout_game_is_solvable_board(NULL, LIGHTSOUT_BOARD_BYTES, bytes, 9000, &solvable),
           LIGHTSOUT_NULL_POINTER, NULL);
    EXPECT(lightsout_game_is_solvable_board(g, LIGHTSOUT_BOARD_BYTES, NULL, 9000, &solvable), LIGHTSOUT_NULL_POINTER,
           NULL);
    EXPECT(lightsout_game_is_solvable_board(g, LIGHTSOUT_BOARD_BYTES, bytes, 9000, NULL), LIGHTSOUT_NULL_POINTER,
           NULL);
    EXPECT(lightsout_game_apply_board(NULL, 0, bytes, 9000, presses, 9000, after, 9000), LIGHTSOUT_NULL_POINTER, NULL);
    EXPECT(lightsout_game_apply_board(g, 0, bytes, 9000, NULL, 9000, after, 9000), LIGHTSOUT_NULL_POINTER, NULL);
    EXPECT(lightsout_game_apply_board(g, 0, bytes, 9000, presses, 8999, after, 9000), LIGHTSOUT_LENGTH_MISMATCH,
           NULL);
    EXPECT(lightsout_game_apply_board(g, 0, bytes, 9000, presses, 9000, after, 8999), LIGHTSOUT_LENGTH_MISMATCH,
           NULL);
    EXPECT(lightsout_game_random_solvable_board(NULL, 0, 1, after, 9000), LIGHTSOUT_NULL_POINTER, NULL);
    EXPECT(lightsout_game_random_solvable_board(g, 0, 1, NULL, 9000), LIGHTSOUT_NULL_POINTER, NULL);
    EXPECT(lightsout_game_random_solvable_board(g, 0, 1, after, 8999), LIGHTSOUT_LENGTH_MISMATCH, "9000");
    int untouched = 1;
    for (int i = 0; i < 9000; i++) untouched &= after[i] == 7;
    CHECK(untouched);
    lightsout_game_free(g);

    /* A dense GF(2) press matrix, bit-packed by rows: [[1, 1, 0], [0, 1, 1], [0, 0, 1]]. */
    const uint8_t rows[3] = {0xC0, 0x60, 0x20};
    lightsout_game *m = SENTINEL;
    EXPECT(lightsout_game_new_packed_matrix(3, rows, 2, &m), LIGHTSOUT_LENGTH_MISMATCH, "3");
    EXPECT(lightsout_game_new_packed_matrix(3, NULL, 3, &m), LIGHTSOUT_NULL_POINTER, "rows");
    EXPECT(lightsout_game_new_packed_matrix(3, rows, 3, NULL), LIGHTSOUT_NULL_POINTER, "out");
    EXPECT(lightsout_game_new_packed_matrix(0, rows, 0, &m), LIGHTSOUT_INVALID_ARGUMENT, NULL);
    EXPECT(lightsout_game_new_packed_matrix((size_t)1 << 20, rows, 3, &m), LIGHTSOUT_TOO_LARGE, "bytes");
    CHECK(m == SENTINEL);
    EXPECT(lightsout_game_new_packed_matrix(3, rows, 3, &m), LIGHTSOUT_OK, NULL);
    uint32_t mb[3] = {1, 0, 1}, ms[3], mafter[3];
    EXPECT(lightsout_game_solve(m, mb, 3, ms, 3), LIGHTSOUT_OK, NULL);
    EXPECT(lightsout_game_apply(m, mb, 3, ms, 3, mafter, 3), LIGHTSOUT_OK, NULL);
    CHECK(all_equal(mafter, 3, 0));
    lightsout_game_free(m);

    /* A press matrix entry by entry, over a composite modulus too (Z_6, as --matrix and Python's
       from_matrix take it): the 1 x 3 grid's M with entries past 6 reduced, the same game. */
    const uint32_t m3[9] = {1, 7, 0, 13, 1, 1, 0, 1, 19};
    lightsout_game *z6 = SENTINEL;
    EXPECT(lightsout_game_new_matrix(3, m3, 8, 6, &z6), LIGHTSOUT_LENGTH_MISMATCH, "9 entries");
    EXPECT(lightsout_game_new_matrix(2, m3, 3, 6, &z6), LIGHTSOUT_LENGTH_MISMATCH, "a press matrix of 2 x 2 has 4");
    /* A size past every unit is written once, in people's units and exactly (2^80 bytes). */
    EXPECT(lightsout_game_new_matrix((size_t)1 << 39, m3, 9, 6, &z6), LIGHTSOUT_TOO_LARGE,
           "needs 1.2 YB (1208925819614629174706176 bytes), over the 4 GiB limit");
    EXPECT(lightsout_game_new_matrix(3, NULL, 9, 6, &z6), LIGHTSOUT_NULL_POINTER, "entries");
    EXPECT(lightsout_game_new_matrix(3, m3, 9, 1, &z6), LIGHTSOUT_INVALID_MODULUS, NULL);
    EXPECT(lightsout_game_new_matrix(0, m3, 0, 6, &z6), LIGHTSOUT_INVALID_ARGUMENT, "n >= 1");
    EXPECT(lightsout_game_new_matrix((size_t)1 << 20, m3, 9, 6, &z6), LIGHTSOUT_TOO_LARGE, "bytes");
    CHECK(z6 == SENTINEL);
    EXPECT(lightsout_game_new_matrix(3, m3, 9, 6, &z6), LIGHTSOUT_OK, NULL);
    lightsout_game *line = NULL;
    EXPECT(lightsout_game_new_grid(1, 3, 6, &line), LIGHTSOUT_OK, NULL);
    uint32_t dz[3], dl[3], zb[3] = {5, 0, 4}, zs[3], zafter[3];
    EXPECT(lightsout_game_elementary_divisors(z6, dz, 3), LIGHTSOUT_OK, NULL);
    EXPECT(lightsout_game_elementary_divisors(line, dl, 3), LIGHTSOUT_OK, NULL);
    CHECK(memcmp(dz, dl, sizeof dz) == 0);
    EXPECT(lightsout_game_solve(z6, zb, 3, zs, 3), LIGHTSOUT_OK, NULL);
    EXPECT(lightsout_game_apply(line, zb, 3, zs, 3, zafter, 3), LIGHTSOUT_OK, NULL);
    CHECK(all_equal(zafter, 3, 0));
    lightsout_game_free(line);
    lightsout_game_free(z6);

    /* Packed boards need modulus 2 (one bit a light) or 3 (two bits), bytes a modulus up to 256. */
    EXPECT(lightsout_game_new_grid(3, 3, 5, &g), LIGHTSOUT_OK, NULL);
    EXPECT(lightsout_game_board_len(g, LIGHTSOUT_BOARD_PACKED, &len), LIGHTSOUT_INVALID_ARGUMENT, "modulus 5");
    lightsout_game_free(g);
    EXPECT(lightsout_game_new_grid(3, 5, 3, &g), LIGHTSOUT_OK, NULL);
    EXPECT(lightsout_game_board_len(g, LIGHTSOUT_BOARD_PACKED, &len), LIGHTSOUT_OK, NULL);
    CHECK(len == 6); /* 5 lights: 2 bytes a row */
    {
        /* Row 1 holds 1 2 0 1 2: bit pairs 01 10 00 01, then 10 and padding. A pair 11 is refused. */
        uint8_t z3[6] = {0, 0, 0x61, 0x80, 0, 0}, z3s[6], z3after[6];
        EXPECT(lightsout_game_solve_board(g, LIGHTSOUT_BOARD_PACKED, z3, 6, z3s, 6), LIGHTSOUT_OK, NULL);
        EXPECT(lightsout_game_apply_board(g, LIGHTSOUT_BOARD_PACKED, z3, 6, z3s, 6, z3after, 6), LIGHTSOUT_OK, NULL);
        CHECK(z3after[0] == 0 && z3after[1] == 0 && z3after[2] == 0 && z3after[3] == 0 && z3after[4] == 0 &&
              z3after[5] == 0);
        z3[4] = 0x30;
        EXPECT(lightsout_game_solve_board(g, LIGHTSOUT_BOARD_PACKED, z3, 6, z3s, 6), LIGHTSOUT_OUT_OF_RANGE,
               "lights[11] must be in 0 <= x < 3, not 3");
    }
    lightsout_game_free(g);
    EXPECT(lightsout_game_new_grid(3, 3, 257, &g), LIGHTSOUT_OK, NULL);
    EXPECT(lightsout_game_random_solvable_board(g, LIGHTSOUT_BOARD_BYTES_FLAT, 1, bytes, 9), LIGHTSOUT_INVALID_ARGUMENT,
           "257");
    lightsout_game_free(g);
}

/* A file of `len` bytes at `path`; 1 when written. */
static int write_file(const char *path, const char *bytes, size_t len) {
    FILE *f = fopen(path, "wb");
    if (f == NULL) return 0;
    int ok = fwrite(bytes, 1, len, f) == len;
    return fclose(f) == 0 && ok;
}

/* Boards as PBM and PGM files, through the reader and writer the command line and Python use:
 * what is written is read back and solved to the same presses; bad files, names and arguments
 * are refused with the file and the problem named. */
static void image_boards(void) {
    char pbm[256], pgm[256], txt[256], bad[256];
    const char *tmp = getenv("TMPDIR") != NULL ? getenv("TMPDIR") : "/tmp";
    unsigned tag = (unsigned)time(NULL) ^ (unsigned)clock();
    snprintf(pbm, sizeof pbm, "%s/lightsout-bad-inputs-%u.pbm", tmp, tag);
    snprintf(pgm, sizeof pgm, "%s/lightsout-bad-inputs-%u.pgm", tmp, tag);
    snprintf(txt, sizeof txt, "%s/lightsout-bad-inputs-%u.txt", tmp, tag);
    snprintf(bad, sizeof bad, "%s/lightsout-bad-inputs-%u-bad.pbm", tmp, tag);
    lightsout_game *g = NULL;
    EXPECT(lightsout_game_new_grid(3, 10, 2, &g), LIGHTSOUT_OK, NULL);
    uint8_t board[6], presses[6], back[6], bytes[30], byte_presses[30], unpacked[30];
    EXPECT(lightsout_game_random_solvable_board(g, LIGHTSOUT_BOARD_PACKED, 5, board, 6), LIGHTSOUT_OK, NULL);
    EXPECT(lightsout_game_solve_board(g, LIGHTSOUT_BOARD_PACKED, board, 6, presses, 6), LIGHTSOUT_OK, NULL);
    EXPECT(lightsout_game_write_image(g, pbm, LIGHTSOUT_BOARD_PACKED, board, 6), LIGHTSOUT_OK, NULL);
    size_t width = 0, height = 0;
    uint64_t states = 0;
    EXPECT(lightsout_image_size(pbm, &width, &height, &states), LIGHTSOUT_OK, NULL);
    CHECK(width == 10 && height == 3 && states == 2);
    EXPECT(lightsout_game_read_image(g, pbm, LIGHTSOUT_BOARD_PACKED, back, 6), LIGHTSOUT_OK, NULL);
    CHECK(memcmp(back, board, 6) == 0);
    /* Read as bytes and solved: the same presses as the packed board's. */
    EXPECT(lightsout_game_read_image(g, pbm, LIGHTSOUT_BOARD_BYTES, bytes, 30), LIGHTSOUT_OK, NULL);
    EXPECT(lightsout_game_solve_board(g, LIGHTSOUT_BOARD_BYTES, bytes, 30, byte_presses, 30), LIGHTSOUT_OK, NULL);
    EXPECT(lightsout_game_write_image(g, pbm, LIGHTSOUT_BOARD_BYTES, byte_presses, 30), LIGHTSOUT_OK, NULL);
    EXPECT(lightsout_game_read_image(g, pbm, LIGHTSOUT_BOARD_PACKED, back, 6), LIGHTSOUT_OK, NULL);
    CHECK(memcmp(back, presses, 6) == 0);
    EXPECT(lightsout_game_read_image(g, pbm, LIGHTSOUT_BOARD_BYTES, unpacked, 30), LIGHTSOUT_OK, NULL);
    CHECK(memcmp(unpacked, byte_presses, 30) == 0);

    /* Bad arguments: nothing written. */
    memset(back, 7, sizeof back);
    width = 12345;
    EXPECT(lightsout_image_size(NULL, &width, &height, &states), LIGHTSOUT_NULL_POINTER, "path");
    EXPECT(lightsout_image_size(pbm, NULL, &height, &states), LIGHTSOUT_NULL_POINTER, "width_out");
    EXPECT(lightsout_image_size(pbm, &width, NULL, &states), LIGHTSOUT_NULL_POINTER, "height_out");
    EXPECT(lightsout_image_size(pbm, &width, &height, NULL), LIGHTSOUT_NULL_POINTER, "states_out");
    EXPECT(lightsout_image_size(txt, &width, &height, &states), LIGHTSOUT_INVALID_ARGUMENT, "cannot read");
    CHECK(width == 12345);
    EXPECT(lightsout_game_read_image(NULL, pbm, LIGHTSOUT_BOARD_PACKED, back, 6), LIGHTSOUT_NULL_POINTER, "game");
    EXPECT(lightsout_game_read_image(g, NULL, LIGHTSOUT_BOARD_PACKED, back, 6), LIGHTSOUT_NULL_POINTER, "path");
    EXPECT(lightsout_game_read_image(g, pbm, 4, back, 6), LIGHTSOUT_INVALID_ARGUMENT, "not 4");
    EXPECT(lightsout_game_read_image(g, pbm, LIGHTSOUT_BOARD_PACKED, NULL, 6), LIGHTSOUT_NULL_POINTER, "board_out");
    EXPECT(lightsout_game_read_image(g, pbm, LIGHTSOUT_BOARD_PACKED, back, 5), LIGHTSOUT_LENGTH_MISMATCH, "6");
    EXPECT(lightsout_game_read_image(g, txt, LIGHTSOUT_BOARD_PACKED, back, 6), LIGHTSOUT_INVALID_ARGUMENT,
           "cannot read");
    /* Bad files, named with what is wrong: a header field by its byte, a value by row and column. */
    CHECK(write_file(bad, "P4 x", 4));
    EXPECT(lightsout_game_read_image(g, bad, LIGHTSOUT_BOARD_PACKED, back, 6), LIGHTSOUT_INVALID_ARGUMENT,
           "expected the width (a number) at byte 3");
    EXPECT(lightsout_image_size(bad, &width, &height, &states), LIGHTSOUT_INVALID_ARGUMENT, "bad.pbm: expected");
    CHECK(write_file(bad, "P1\n2 2\n1 0 2 0\n", 15));
    EXPECT(lightsout_game_read_image(g, bad, LIGHTSOUT_BOARD_PACKED, back, 6), LIGHTSOUT_INVALID_ARGUMENT,
           "expected 0 or 1 at row 2, column 1");
    CHECK(write_file(bad, "P4\n10 3\n\xff\xff", 10));
    EXPECT(lightsout_game_read_image(g, bad, LIGHTSOUT_BOARD_PACKED, back, 6), LIGHTSOUT_INVALID_ARGUMENT,
           "truncated: a 10 x 3 P4 image needs 6 bytes of data, the file has 2");
    CHECK(write_file(bad, "P1 1000000 1000000\n1", 20)); /* 10^12 values declared: nothing reserved for them */
    EXPECT(lightsout_game_read_image(g, bad, LIGHTSOUT_BOARD_PACKED, back, 6), LIGHTSOUT_INVALID_ARGUMENT,
           "truncated");
    CHECK(write_file(bad, "P1\n2 2\n1 0 1 0\n", 15));
    EXPECT(lightsout_game_read_image(g, bad, LIGHTSOUT_BOARD_PACKED, back, 6), LIGHTSOUT_INVALID_ARGUMENT,
           "needs 10 x 3");
    CHECK(back[0] == 7 && back[5] == 7);

    /* Writing: the name says the kind; the game's modulus must fit it; the board is checked. */
    EXPECT(lightsout_game_write_image(NULL, pbm, LIGHTSOUT_BOARD_PACKED, board, 6), LIGHTSOUT_NULL_POINTER, "game");
    EXPECT(lightsout_game_write_image(g, NULL, LIGHTSOUT_BOARD_PACKED, board, 6), LIGHTSOUT_NULL_POINTER, "path");
    EXPECT(lightsout_game_write_image(g, pbm, 9, board, 6), LIGHTSOUT_INVALID_ARGUMENT, "not 9");
    EXPECT(lightsout_game_write_image(g, pbm, LIGHTSOUT_BOARD_PACKED, NULL, 6), LIGHTSOUT_NULL_POINTER, "board");
    EXPECT(lightsout_game_write_image(g, pbm, LIGHTSOUT_BOARD_PACKED, board, 5), LIGHTSOUT_LENGTH_MISMATCH, "6");
    EXPECT(lightsout_game_write_image(g, txt, LIGHTSOUT_BOARD_PACKED, board, 6), LIGHTSOUT_INVALID_ARGUMENT, ".pgm");
    bytes[4] = 2;
    EXPECT(lightsout_game_write_image(g, pgm, LIGHTSOUT_BOARD_BYTES, bytes, 30), LIGHTSOUT_OUT_OF_RANGE, "not 2");
    CHECK(fopen(txt, "rb") == NULL);
    lightsout_game_free(g);
    EXPECT(lightsout_game_new_grid(2, 2, 3, &g), LIGHTSOUT_OK, NULL);
    uint8_t z3[4] = {2, 1, 0, 2}, z3back[4] = {0};
    EXPECT(lightsout_game_write_image(g, pbm, LIGHTSOUT_BOARD_BYTES, z3, 4), LIGHTSOUT_INVALID_ARGUMENT, "two states");
    EXPECT(lightsout_game_write_image(g, pgm, LIGHTSOUT_BOARD_BYTES, z3, 4), LIGHTSOUT_OK, NULL);
    EXPECT(lightsout_image_size(pgm, &width, &height, &states), LIGHTSOUT_OK, NULL);
    CHECK(width == 2 && height == 2 && states == 3);
    EXPECT(lightsout_game_read_image(g, pgm, LIGHTSOUT_BOARD_BYTES, z3back, 4), LIGHTSOUT_OK, NULL);
    CHECK(memcmp(z3, z3back, 4) == 0);
    lightsout_game_free(g);
    remove(pbm);
    remove(pgm);
    remove(bad);
}

int main(void) {
    racing_first_use();
    constructors();
    queries();
    ring();
    inverse_and_many();
    solving();
    minimal();
    dataset();
    text();
    small_grid_boards();
    compact_boards();
    image_boards();
    last_error();
    printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
