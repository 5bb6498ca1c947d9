/* Time M4RI on a random dense N x N matrix over GF(2), as a yardstick for lightsout's engine.
 * usage: m4ri_bench OP N [REPEATS]   OP: rank (echelon form, mzd_echelonize(A, 0)),
 *                                         rref (reduced, mzd_echelonize(A, 1)),
 *                                         m4ri-rank (mzd_echelonize_m4ri(A, 0, 0): Four Russians only)
 * prints "m4ri-OP N SECONDS RANK CPU_SECONDS", the best of REPEATS runs (default 3); CPU time is
 * the processor time of the best run (all threads). */
#include <m4ri/m4ri.h>
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
    fprintf(stderr, "usage: %s rank|rref|m4ri-rank N [REPEATS]\n", argv[0]);
    return 2;
  }
  const char *op = argv[1];
  long n = atol(argv[2]);
  int repeats = argc > 3 ? atoi(argv[3]) : 3;
  if (n <= 0 || repeats <= 0) {
    fprintf(stderr, "N and REPEATS must be positive\n");
    return 2;
  }
  double best = 1e300, best_cpu = 0;
  long rank = 0;
  for (int rep = 0; rep < repeats; rep++) {
    mzd_t *a = mzd_init(n, n);
    mzd_randomize(a);
    double t0 = now();
    clock_t c0 = clock();
    if (strcmp(op, "rank") == 0) {
      rank = mzd_echelonize(a, 0);
    } else if (strcmp(op, "rref") == 0) {
      rank = mzd_echelonize(a, 1);
    } else if (strcmp(op, "m4ri-rank") == 0) {
      rank = mzd_echelonize_m4ri(a, 0, 0);
    } else {
      fprintf(stderr, "unknown OP %s\n", op);
      return 2;
    }
    double dt = now() - t0;
    double cpu = (double)(clock() - c0) / CLOCKS_PER_SEC;
    if (dt < best) {
      best = dt;
      best_cpu = cpu;
    }
    mzd_free(a);
  }
  printf("m4ri-%s %ld %.6f %ld %.2f\n", op, n, best, rank, best_cpu);
  return 0;
}
