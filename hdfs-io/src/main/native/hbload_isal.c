/*
 * JNI glue between hbload's Reed-Solomon raw coder (Java: IsalRsCoderNative) and Debian's libisal.
 *
 * The math is the one Hadoop's RSRawEncoder/RSRawDecoder use, so parity is byte-identical:
 * a (k+p) x k Cauchy encode matrix (gf_gen_cauchy1_matrix, GF(2^8) poly 0x11d), expanded into
 * ISA-L's 32-byte-per-coefficient tables, applied with ec_encode_data. Decoding inverts the k x k
 * sub-matrix of the first k surviving units and derives one row per erased unit.
 *
 * Threading: an encoder handle is immutable after creation, so concurrent encodes are safe.
 * A decoder handle caches the decode tables for the last erasure pattern, so decodes on one handle
 * must be serialized, and destroy must not overlap any call. IsalRsCoderNative (the only caller: the
 * natives are package-private) enforces both with a read-write lock and zeroes its handle on close,
 * so a freed handle is never passed in again.
 *
 * Every entry point validates what it is given before touching memory (array lengths, nulls,
 * position + length within each buffer's capacity or array length, erased indexes) and throws
 * IllegalArgumentException instead: a wrong argument must never become a write through a wild pointer.
 *
 * JNI rules kept here, checked by the tests under -Xcheck:jni:
 *  - no JNI call inside a GetPrimitiveArrayCritical region except other Get/Release*Critical:
 *    positions, erased indexes and array references are all fetched and validated before pinning;
 *  - local references are bounded: the direct paths delete each buffer reference after use, the
 *    heap paths must hold k+p array references while pinned and reserve them with PushLocalFrame;
 *  - after an exception is pending only Release*Critical and PopLocalFrame are called.
 */
#include <jni.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <isa-l.h>

/* Hadoop's RS coder accepts k + p < 256 (GF(2^8) field size); ISA-L's own tests go up to 255 units.
 * The bound also keeps the per-call scratch arrays on the stack. */
#define MAX_UNITS 255

typedef struct {
  int k;
  int p;
  unsigned char *encode_matrix; /* (k+p) x k */
  unsigned char *encode_tables; /* 32 * k * p */
  /* decode cache: valid while the erased list and the chosen survivors are unchanged */
  int cached_erased_count;
  int cached_erased[MAX_UNITS];
  int cached_valid[MAX_UNITS];
  unsigned char *decode_tables; /* 32 * k * p */
  unsigned char *scratch;       /* 2 * k * k + p * k: sub-matrix, inverse, decode rows */
} rs_coder;

/* Throws cls(msg) unless an exception is already pending (the first one says what went wrong). */
static void throw_named(JNIEnv *env, const char *cls, const char *msg) {
  if ((*env)->ExceptionCheck(env)) return;
  jclass c = (*env)->FindClass(env, cls);
  if (c != NULL) {
    (*env)->ThrowNew(env, c, msg);
    (*env)->DeleteLocalRef(env, c);
  }
}

static void throw_iae(JNIEnv *env, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void throw_iae(JNIEnv *env, const char *fmt, ...) {
  char msg[256];
  va_list args;
  va_start(args, fmt);
  vsnprintf(msg, sizeof msg, fmt, args);
  va_end(args);
  throw_named(env, "java/lang/IllegalArgumentException", msg);
}

static void throw_hadoop_iae(JNIEnv *env, const char *msg) {
  throw_named(env, "org/apache/hadoop/HadoopIllegalArgumentException", msg);
}

static rs_coder *coder_of(JNIEnv *env, jlong handle) {
  if (handle == 0) {
    throw_named(env, "java/io/IOException", "ISA-L coder is closed");
    return NULL;
  }
  return (rs_coder *) (intptr_t) handle;
}

JNIEXPORT jlong JNICALL Java_io_hbload_hdfs_coder_IsalRsCoderNative_create(
    JNIEnv *env, jclass cls, jint k, jint p) {
  (void) cls;
  /* each bound first: k + p of two large ints would overflow past the sum check */
  if (k < 1 || p < 1 || k > MAX_UNITS || p > MAX_UNITS || k + p > MAX_UNITS) {
    throw_iae(env, "unsupported RS shape (%d, %d): needs k >= 1, p >= 1, k + p <= %d", k, p, MAX_UNITS);
    return 0;
  }
  rs_coder *c = calloc(1, sizeof(rs_coder));
  if (c == NULL) goto oom;
  c->k = k;
  c->p = p;
  c->encode_matrix = malloc((size_t) (k + p) * k);
  c->encode_tables = malloc((size_t) 32 * k * p);
  c->decode_tables = malloc((size_t) 32 * k * p);
  c->scratch = malloc((size_t) 2 * k * k + (size_t) p * k);
  if (!c->encode_matrix || !c->encode_tables || !c->decode_tables || !c->scratch) goto oom;
  gf_gen_cauchy1_matrix(c->encode_matrix, k + p, k);
  ec_init_tables(k, p, &c->encode_matrix[k * k], c->encode_tables);
  c->cached_erased_count = -1;
  return (jlong) (intptr_t) c;
oom:
  if (c) {
    free(c->encode_matrix); free(c->encode_tables); free(c->decode_tables); free(c->scratch);
    free(c);
  }
  throw_named(env, "java/lang/OutOfMemoryError", "ISA-L coder tables");
  return 0;
}

/* Frees a handle; 0 is ignored. A handle must be destroyed once: the Java side zeroes it first. */
JNIEXPORT void JNICALL Java_io_hbload_hdfs_coder_IsalRsCoderNative_destroy(
    JNIEnv *env, jclass cls, jlong handle) {
  (void) env; (void) cls;
  if (handle == 0) return;
  rs_coder *c = (rs_coder *) (intptr_t) handle;
  free(c->encode_matrix); free(c->encode_tables); free(c->decode_tables); free(c->scratch);
  free(c);
}

/* A buffer array and its positions: both non-null with exactly n entries. */
static int check_units(JNIEnv *env, jobjectArray bufs, jintArray pos, int n, const char *what) {
  if (bufs == NULL || pos == NULL) {
    throw_iae(env, "%s: the %s array is null", what, bufs == NULL ? "buffer" : "position");
    return 0;
  }
  jsize nb = (*env)->GetArrayLength(env, bufs);
  jsize np = (*env)->GetArrayLength(env, pos);
  if (nb != n || np != n) {
    throw_iae(env, "%s: %d buffers and %d positions, the coder needs %d", what, (int) nb, (int) np, n);
    return 0;
  }
  return 1;
}

/* Copies the n positions out (before any pinning: GetIntArrayRegion is a JNI call) and checks them. */
static int get_positions(JNIEnv *env, jintArray pos, int n, const char *what, jint *out) {
  (*env)->GetIntArrayRegion(env, pos, 0, n, out);
  if ((*env)->ExceptionCheck(env)) return 0;
  for (int i = 0; i < n; i++) {
    if (out[i] < 0) {
      throw_iae(env, "%s[%d]: negative position %d", what, i, (int) out[i]);
      return 0;
    }
  }
  return 1;
}

/* [pos, pos + len) must lie in [0, size); in 64 bits, so pos + len cannot wrap. */
static int check_span(JNIEnv *env, const char *what, int i, jint pos, jint len, jlong size) {
  if ((jlong) pos + len > size) {
    throw_iae(env, "%s[%d]: position %d + length %d exceeds its %lld bytes", what, i, (int) pos, (int) len,
              (long long) size);
    return 0;
  }
  return 1;
}

/*
 * Resolves n direct buffers at their positions into pointers (NULL for a missing unit, allowed only when
 * nullable), checking each span against the buffer's capacity. Deletes each local reference as it goes:
 * RS(200,55) has 255 of them.
 */
static int direct_pointers(JNIEnv *env, jobjectArray bufs, const jint *pos, int n, jint len, int nullable,
                           const char *what, unsigned char **out) {
  for (int i = 0; i < n; i++) {
    jobject b = (*env)->GetObjectArrayElement(env, bufs, i);
    if (b == NULL) {
      if (!nullable) {
        throw_iae(env, "%s[%d] is null", what, i);
        return 0;
      }
      out[i] = NULL;
      continue;
    }
    unsigned char *a = (*env)->GetDirectBufferAddress(env, b);
    jlong capacity = (*env)->GetDirectBufferCapacity(env, b);
    (*env)->DeleteLocalRef(env, b);
    if (a == NULL || capacity < 0) {
      throw_iae(env, "%s[%d] is not a direct buffer", what, i);
      return 0;
    }
    if (!check_span(env, what, i, pos[i], len, capacity)) return 0;
    out[i] = a + pos[i];
  }
  return 1;
}

/*
 * Fetches n heap arrays (NULL for a missing unit, allowed only when nullable) and checks each span against
 * the array's length. The references stay live until the caller's PopLocalFrame: pinned arrays are
 * released through them.
 */
static int heap_refs(JNIEnv *env, jobjectArray arrs, const jint *off, int n, jint len, int nullable,
                     const char *what, jbyteArray *refs) {
  for (int i = 0; i < n; i++) {
    refs[i] = (jbyteArray) (*env)->GetObjectArrayElement(env, arrs, i);
    if (refs[i] == NULL) {
      if (!nullable) {
        throw_iae(env, "%s[%d] is null", what, i);
        return 0;
      }
      continue;
    }
    if (!check_span(env, what, i, off[i], len, (*env)->GetArrayLength(env, refs[i]))) return 0;
  }
  return 1;
}

/* Releases pinned arrays in reverse order; base[i] is what GetPrimitiveArrayCritical returned. */
static void unpin(JNIEnv *env, int n, const jbyteArray *refs, unsigned char **base, int mode) {
  for (int i = n - 1; i >= 0; i--) {
    if (refs[i] != NULL) (*env)->ReleasePrimitiveArrayCritical(env, refs[i], base[i], mode);
  }
}

/*
 * Pins n arrays (zero copy). Nothing but other Get/Release*Critical may run until they are released.
 * Returns 0 with OutOfMemoryError pending, and nothing pinned, when the VM cannot pin one.
 */
static int pin(JNIEnv *env, int n, const jbyteArray *refs, unsigned char **base) {
  for (int i = 0; i < n; i++) {
    base[i] = NULL;
    if (refs[i] == NULL) continue;
    base[i] = (*env)->GetPrimitiveArrayCritical(env, refs[i], NULL);
    if (base[i] == NULL) {
      unpin(env, i, refs, base, JNI_ABORT);
      return 0;
    }
  }
  return 1;
}

/* len: negative is wrong; 0 is valid and means nothing to do (Hadoop returns before calling a coder). */
static int check_length(JNIEnv *env, jint len) {
  if (len < 0) {
    throw_iae(env, "negative length %d", (int) len);
    return 0;
  }
  return 1;
}

/*
 * The erased indexes copied out and checked: not null, at most p of them, each a unit of the stripe.
 * Returns how many, or -1 with an exception pending.
 */
static int get_erased(JNIEnv *env, rs_coder *c, jintArray erased, jint *out) {
  if (erased == NULL) {
    throw_iae(env, "erased indexes are null");
    return -1;
  }
  jsize n_erased = (*env)->GetArrayLength(env, erased);
  if (n_erased > c->p) {
    throw_hadoop_iae(env, "Too many erased, data not recoverable");
    return -1;
  }
  (*env)->GetIntArrayRegion(env, erased, 0, n_erased, out);
  if ((*env)->ExceptionCheck(env)) return -1;
  for (int e = 0; e < n_erased; e++) {
    if (out[e] < 0 || out[e] >= c->k + c->p) {
      throw_hadoop_iae(env, "erased index out of range");
      return -1;
    }
  }
  return n_erased;
}

/*
 * Picks the first k present units (Hadoop's rule) into valid[] and (re)builds the decode tables when the
 * erasure pattern differs from the cached one. Returns 0 and throws when not decodable. Makes JNI calls
 * only to throw, so callers run it before pinning anything.
 */
static int prepare_decode(JNIEnv *env, rs_coder *c, const unsigned char *present, const jint *erased,
                          int n_erased, int *valid) {
  const int k = c->k;
  int n_valid = 0;
  for (int i = 0; i < k + c->p && n_valid < k; i++) {
    if (present[i]) valid[n_valid++] = i;
  }
  if (n_valid < k) {
    throw_hadoop_iae(env, "No enough valid inputs are provided, not recoverable");
    return 0;
  }
  if (n_erased == c->cached_erased_count
      && memcmp(erased, c->cached_erased, sizeof(jint) * n_erased) == 0
      && memcmp(valid, c->cached_valid, sizeof(int) * k) == 0) {
    return 1;
  }
  unsigned char *sub = c->scratch;
  unsigned char *inverse = sub + k * k;
  unsigned char *rows = inverse + k * k;
  for (int i = 0; i < k; i++) memcpy(&sub[i * k], &c->encode_matrix[valid[i] * k], k);
  if (gf_invert_matrix(sub, inverse, k) != 0) {
    throw_hadoop_iae(env, "singular decode matrix");
    return 0;
  }
  for (int e = 0; e < n_erased; e++) {
    int idx = erased[e];
    if (idx < k) {
      /* data unit: its row of the inverse rebuilds it from the survivors */
      memcpy(&rows[e * k], &inverse[idx * k], k);
    } else {
      /* parity unit: its encode row applied to the data the inverse rebuilds */
      for (int j = 0; j < k; j++) {
        unsigned char s = 0;
        for (int i = 0; i < k; i++) s ^= gf_mul(c->encode_matrix[idx * k + i], inverse[i * k + j]);
        rows[e * k + j] = s;
      }
    }
  }
  ec_init_tables(k, n_erased, rows, c->decode_tables);
  c->cached_erased_count = n_erased;
  memcpy(c->cached_erased, erased, sizeof(jint) * n_erased);
  memcpy(c->cached_valid, valid, sizeof(int) * k);
  return 1;
}

JNIEXPORT void JNICALL Java_io_hbload_hdfs_coder_IsalRsCoderNative_encodeDirect(
    JNIEnv *env, jclass cls, jlong handle, jobjectArray inputs, jintArray in_offs,
    jobjectArray outputs, jintArray out_offs, jint len) {
  (void) cls;
  rs_coder *c = coder_of(env, handle);
  if (c == NULL) return;
  const int k = c->k, p = c->p;
  if (!check_units(env, inputs, in_offs, k, "inputs") || !check_units(env, outputs, out_offs, p, "outputs")
      || !check_length(env, len) || len == 0) {
    return;
  }
  jint in_pos[MAX_UNITS], out_pos[MAX_UNITS];
  unsigned char *in[MAX_UNITS], *out[MAX_UNITS];
  if (!get_positions(env, in_offs, k, "inputs", in_pos) || !get_positions(env, out_offs, p, "outputs", out_pos)
      || !direct_pointers(env, inputs, in_pos, k, len, 0, "inputs", in)
      || !direct_pointers(env, outputs, out_pos, p, len, 0, "outputs", out)) {
    return;
  }
  ec_encode_data(len, k, p, c->encode_tables, in, out);
}

JNIEXPORT void JNICALL Java_io_hbload_hdfs_coder_IsalRsCoderNative_decodeDirect(
    JNIEnv *env, jclass cls, jlong handle, jobjectArray inputs, jintArray in_offs,
    jintArray erased, jobjectArray outputs, jintArray out_offs, jint len) {
  (void) cls;
  rs_coder *c = coder_of(env, handle);
  if (c == NULL) return;
  const int n = c->k + c->p;
  jint er[MAX_UNITS];
  int n_erased = get_erased(env, c, erased, er);
  if (n_erased < 0 || !check_units(env, inputs, in_offs, n, "inputs")
      || !check_units(env, outputs, out_offs, n_erased, "outputs") || !check_length(env, len)
      || len == 0 || n_erased == 0) {
    return;
  }
  jint in_pos[MAX_UNITS], out_pos[MAX_UNITS];
  unsigned char *in[MAX_UNITS], *out[MAX_UNITS], *src[MAX_UNITS], present[MAX_UNITS];
  int valid[MAX_UNITS];
  if (!get_positions(env, in_offs, n, "inputs", in_pos)
      || !get_positions(env, out_offs, n_erased, "outputs", out_pos)
      || !direct_pointers(env, inputs, in_pos, n, len, 1, "inputs", in)
      || !direct_pointers(env, outputs, out_pos, n_erased, len, 0, "outputs", out)) {
    return;
  }
  for (int i = 0; i < n; i++) present[i] = in[i] != NULL;
  if (!prepare_decode(env, c, present, er, n_erased, valid)) return;
  for (int v = 0; v < c->k; v++) src[v] = in[valid[v]];
  ec_encode_data(len, c->k, n_erased, c->decode_tables, src, out);
}

/*
 * Heap variants: everything is fetched and validated first, then the arrays are pinned with
 * GetPrimitiveArrayCritical (zero copy) and nothing but ec_encode_data runs until they are released.
 */
JNIEXPORT void JNICALL Java_io_hbload_hdfs_coder_IsalRsCoderNative_encodeHeap(
    JNIEnv *env, jclass cls, jlong handle, jobjectArray inputs, jintArray in_offs,
    jobjectArray outputs, jintArray out_offs, jint len) {
  (void) cls;
  rs_coder *c = coder_of(env, handle);
  if (c == NULL) return;
  const int k = c->k, p = c->p;
  if (!check_units(env, inputs, in_offs, k, "inputs") || !check_units(env, outputs, out_offs, p, "outputs")
      || !check_length(env, len) || len == 0) {
    return;
  }
  jint in_off[MAX_UNITS], out_off[MAX_UNITS];
  if (!get_positions(env, in_offs, k, "inputs", in_off) || !get_positions(env, out_offs, p, "outputs", out_off)) {
    return;
  }
  /* k + p array references live at once, plus one for throwing */
  if ((*env)->PushLocalFrame(env, k + p + 1) != 0) return;
  jbyteArray in_refs[MAX_UNITS], out_refs[MAX_UNITS];
  unsigned char *in_base[MAX_UNITS], *out_base[MAX_UNITS], *in[MAX_UNITS], *out[MAX_UNITS];
  if (heap_refs(env, inputs, in_off, k, len, 0, "inputs", in_refs)
      && heap_refs(env, outputs, out_off, p, len, 0, "outputs", out_refs)
      && pin(env, k, in_refs, in_base)) {
    if (pin(env, p, out_refs, out_base)) {
      for (int i = 0; i < k; i++) in[i] = in_base[i] + in_off[i];
      for (int i = 0; i < p; i++) out[i] = out_base[i] + out_off[i];
      ec_encode_data(len, k, p, c->encode_tables, in, out);
      unpin(env, p, out_refs, out_base, 0);
    }
    unpin(env, k, in_refs, in_base, JNI_ABORT);
  }
  (*env)->PopLocalFrame(env, NULL);
}

JNIEXPORT void JNICALL Java_io_hbload_hdfs_coder_IsalRsCoderNative_decodeHeap(
    JNIEnv *env, jclass cls, jlong handle, jobjectArray inputs, jintArray in_offs,
    jintArray erased, jobjectArray outputs, jintArray out_offs, jint len) {
  (void) cls;
  rs_coder *c = coder_of(env, handle);
  if (c == NULL) return;
  const int n = c->k + c->p;
  jint er[MAX_UNITS];
  int n_erased = get_erased(env, c, erased, er);
  if (n_erased < 0 || !check_units(env, inputs, in_offs, n, "inputs")
      || !check_units(env, outputs, out_offs, n_erased, "outputs") || !check_length(env, len)
      || len == 0 || n_erased == 0) {
    return;
  }
  jint in_off[MAX_UNITS], out_off[MAX_UNITS];
  if (!get_positions(env, in_offs, n, "inputs", in_off)
      || !get_positions(env, out_offs, n_erased, "outputs", out_off)) {
    return;
  }
  /* n + n_erased array references live at once, plus one for throwing */
  if ((*env)->PushLocalFrame(env, n + n_erased + 1) != 0) return;
  jbyteArray in_refs[MAX_UNITS], out_refs[MAX_UNITS];
  unsigned char *in_base[MAX_UNITS], *out_base[MAX_UNITS], *src[MAX_UNITS], *out[MAX_UNITS];
  unsigned char present[MAX_UNITS];
  int valid[MAX_UNITS];
  if (heap_refs(env, inputs, in_off, n, len, 1, "inputs", in_refs)
      && heap_refs(env, outputs, out_off, n_erased, len, 0, "outputs", out_refs)) {
    for (int i = 0; i < n; i++) present[i] = in_refs[i] != NULL;
    /* survivors and tables before pinning: prepare_decode may throw (a JNI call) */
    if (prepare_decode(env, c, present, er, n_erased, valid) && pin(env, n, in_refs, in_base)) {
      if (pin(env, n_erased, out_refs, out_base)) {
        for (int v = 0; v < c->k; v++) src[v] = in_base[valid[v]] + in_off[valid[v]];
        for (int i = 0; i < n_erased; i++) out[i] = out_base[i] + out_off[i];
        ec_encode_data(len, c->k, n_erased, c->decode_tables, src, out);
        unpin(env, n_erased, out_refs, out_base, 0);
      }
      unpin(env, n, in_refs, in_base, JNI_ABORT);
    }
  }
  (*env)->PopLocalFrame(env, NULL);
}
