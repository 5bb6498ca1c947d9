/* Time FLINT's nmod_mat on a random dense N x N matrix over Z/3, as a yardstick for lightsout's
 * bitsliced GF(3) engine.
 * usage: flint_bench OP N [REPEATS]   OP: rref (nmod_mat_rref) or rank (nmod_mat_rank)
 * prints "flint-OP N SECONDS RANK CPU_SECONDS", the best of REPEATS runs (default 3); CPU time is
 * the processor time of the best run (all threads). */
#include <flint/flint.h>
#include <flint/nmod_mat.h>
#include <string.h>

#include "bench_common.h"

int main(int argc, char **argv) {
  const char *op;
  long n;
  int repeats;
  if (!read_args(argc, argv, "rref|rank", &op, &n, &repeats)) return 2;
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
    keep_best(t0, c0, &best, &best_cpu);
    nmod_mat_clear(a);
  }
  flint_randclear(state);
  printf("flint-%s %ld %.6f %ld %.2f\n", op, n, best, rank, best_cpu);
  return 0;
}
