/* Time M4RI on a random dense N x N matrix over GF(2), as a yardstick for lightsout's engine.
 * usage: m4ri_bench OP N [REPEATS]   OP: rank (echelon form, mzd_echelonize(A, 0)),
 *                                         rref (reduced, mzd_echelonize(A, 1)),
 *                                         m4ri-rank (mzd_echelonize_m4ri(A, 0, 0): Four Russians only)
 * prints "m4ri-OP N SECONDS RANK CPU_SECONDS", the best of REPEATS runs (default 3); CPU time is
 * the processor time of the best run (all threads). */
#include <m4ri/m4ri.h>
#include <string.h>

#include "bench_common.h"

int main(int argc, char **argv) {
  const char *op;
  long n;
  int repeats;
  if (!read_args(argc, argv, "rank|rref|m4ri-rank", &op, &n, &repeats)) return 2;
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
    keep_best(t0, c0, &best, &best_cpu);
    mzd_free(a);
  }
  printf("m4ri-%s %ld %.6f %ld %.2f\n", op, n, best, rank, best_cpu);
  return 0;
}
