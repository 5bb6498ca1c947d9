/* What the yardstick benchmarks of this folder share: a wall clock, their arguments
 * OP N [REPEATS], and keeping the fastest of the runs. */
#ifndef LIGHTSOUT_BENCH_COMMON_H
#define LIGHTSOUT_BENCH_COMMON_H

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

/* Reads OP N [REPEATS] (3 repeats by default). Returns 0 after printing the usage (naming the
 * operations `ops`) or the error when they are wrong. */
static int read_args(int argc, char **argv, const char *ops, const char **op, long *n, int *repeats) {
  if (argc < 3) {
    fprintf(stderr, "usage: %s %s N [REPEATS]\n", argv[0], ops);
    return 0;
  }
  *op = argv[1];
  *n = atol(argv[2]);
  *repeats = argc > 3 ? atoi(argv[3]) : 3;
  if (*n <= 0 || *repeats <= 0) {
    fprintf(stderr, "N and REPEATS must be positive\n");
    return 0;
  }
  return 1;
}

/* Ends a run that started at wall time `t0` and processor time `c0`: if it is the fastest so
 * far, its wall and processor (all threads) seconds go to *best and *best_cpu. */
static void keep_best(double t0, clock_t c0, double *best, double *best_cpu) {
  double dt = now() - t0;
  double cpu = (double)(clock() - c0) / CLOCKS_PER_SEC;
  if (dt < *best) {
    *best = dt;
    *best_cpu = cpu;
  }
}

#endif
