/* Time FLINT's nmod_mat on a random dense N x N matrix over Z/3, as a yardstick for lightsout's
 * bitsliced GF(3) engine.
 * usage: flint_bench OP N [REPEATS]   OP: rref (nmod_mat_rref) or rank (nmod_mat_rank)
 * prints "flint-OP N SECONDS RANK CPU_SECONDS", the best of REPEATS runs (default 3); CPU time is
 * the processor time of the best run (all threads). */
#include <flint/flint.h>
#include <flint/nmod_mat.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: %s rref|rank N [REPEATS]\n", argv[0]);
    return 2;
  }
  const char *op = argv[1];
  long n = atol(argv[2]);
  int repeats = argc > 3 ? atoi(argv[3]) : 3;
  if (n <= 0 || repeats <= 0) {
    fprintf(stderr, "N and REPEATS must be positive\n");
    return 2;
  }
  if (strcmp(op, "rref") != 0 && strcmp(op, "rank") != 0) {
    fprintf(stderr, "unknown OP %s\n", op);
    return 2;
  }
  flint_rand_t state;
  flint_randinit(state);
  double best = 1e300, best_cpu = 0;
  long rank = 0;
  for (int rep = 0; rep < repeats; rep++) {
    nmod_mat_t a;
    nmod_mat_init(a, n, n, 3);
    for (long i = 0; i < n; i++)
      for (long j = 0; j < n; j++) nmod_mat_entry(a, i, j) = n_randint(state, 3);
    double t0 = now();
    clock_t c0 = clock();
    rank = strcmp(op, "rref") == 0 ? nmod_mat_rref(a) : nmod_mat_rank(a);
    double dt = now() - t0;
    double cpu = (double)(clock() - c0) / CLOCKS_PER_SEC;
    if (dt < best) {
      best = dt;
      best_cpu = cpu;
    }
    nmod_mat_clear(a);
  }
  flint_randclear(state);
  printf("flint-%s %ld %.6f %ld %.2f\n", op, n, best, rank, best_cpu);
  return 0;
}
