/*
 * Raw ISA-L baseline for `hbload dfsio coder-bench`: the same shapes and method in plain C, so the
 * JNI coder can be compared with what the library does without the JVM in between.
 * RS(k,p) with Hadoop's Cauchy matrix; cache-hot = one stripe reused; larger-than-cache = as many
 * stripes as fit the working set; decode = first min(p,k) data units erased; GB/s = 1e9 data bytes/s.
 * Build: gcc -O2 -o isal_raw_bench isal_raw_bench.c -lisal
 * Usage: isal_raw_bench [k p cellBytes workingSetBytes seconds]
 */
#include <isa-l.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec / 1e9;
}

static double run(int k, int rows, unsigned char *tables, unsigned char ***src, unsigned char ***dst,
                  int stripes, int len, double seconds) {
  double warm_end = now() + seconds / 2;
  int s = 0;
  while (now() < warm_end) {
    ec_encode_data(len, k, rows, tables, src[s], dst[s]);
    s = (s + 1) % stripes;
  }
  long calls = 0;
  double start = now(), t;
  do {
    ec_encode_data(len, k, rows, tables, src[s], dst[s]);
    s = (s + 1) % stripes;
    calls++;
    t = now();
  } while (t - start < seconds);
  return calls * (double) k * len / (t - start) / 1e9;
}

int main(int argc, char **argv) {
  int k = argc > 1 ? atoi(argv[1]) : 6;
  int p = argc > 2 ? atoi(argv[2]) : 3;
  int len = argc > 3 ? atoi(argv[3]) : 1 << 20;
  long ws = argc > 4 ? atol(argv[4]) : 288L << 20;
  double seconds = argc > 5 ? atof(argv[5]) : 2.0;
  int n = k + p, e = p < k ? p : k;
  unsigned char *a = malloc(n * k), *tbl = malloc(32 * k * p), *dtbl = malloc(32 * k * e);
  unsigned char *sub = malloc(k * k), *inv = malloc(k * k), *rows = malloc(e * k);
  gf_gen_cauchy1_matrix(a, n, k);
  ec_init_tables(k, p, &a[k * k], tbl);
  /* decode rows for erased data units 0..e-1 from survivors e..n-1 (first k of them) */
  for (int i = 0; i < k; i++) memcpy(&sub[i * k], &a[(e + i) * k], k);
  gf_invert_matrix(sub, inv, k);
  for (int i = 0; i < e; i++) memcpy(&rows[i * k], &inv[i * k], k);
  ec_init_tables(k, e, rows, dtbl);

  for (int hot = 1; hot >= 0; hot--) {
    int stripes = hot ? 1 : (int) (ws / ((long) len * n));
    if (stripes < 1) stripes = 1;
    unsigned char ***units = malloc(sizeof(void *) * stripes), ***par = malloc(sizeof(void *) * stripes);
    unsigned char ***dsrc = malloc(sizeof(void *) * stripes), ***dout = malloc(sizeof(void *) * stripes);
    unsigned char **outs = malloc(sizeof(void *) * e);
    for (int i = 0; i < e; i++) outs[i] = aligned_alloc(64, len);
    for (int s = 0; s < stripes; s++) {
      units[s] = malloc(sizeof(void *) * k);
      par[s] = malloc(sizeof(void *) * p);
      dsrc[s] = malloc(sizeof(void *) * k);
      dout[s] = outs;
      for (int i = 0; i < k; i++) {
        units[s][i] = aligned_alloc(64, len);
        for (int b = 0; b < len; b++) units[s][i][b] = rand();
      }
      for (int i = 0; i < p; i++) par[s][i] = aligned_alloc(64, len);
      ec_encode_data(len, k, p, tbl, units[s], par[s]);
      for (int i = 0; i < k; i++) dsrc[s][i] = (e + i) < k ? units[s][e + i] : par[s][e + i - k];
    }
    double enc = run(k, p, tbl, units, par, stripes, len, seconds);
    double dec = run(k, e, dtbl, dsrc, dout, stripes, len, seconds);
    /* sanity: the decode reproduced the erased data units of the last stripe used */
    ec_encode_data(len, k, e, dtbl, dsrc[0], outs);
    int ok = 1;
    for (int i = 0; i < e; i++) ok &= memcmp(outs[i], units[0][i], len) == 0;
    printf("isal-raw   direct  %-18s %10.2f %10.2f%s\n", hot ? "cache-hot" : "larger-than-cache", enc, dec,
           ok ? "" : "  DECODE WRONG");
  }
  return 0;
}
