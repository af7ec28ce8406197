/*
 * JNI glue between hbload's Reed-Solomon raw coder (Java: IsalRsCoderNative) and Debian's libisal.
 *
 * The math is the one Hadoop's RSRawEncoder/RSRawDecoder use, so parity is byte-identical:
 * a (k+p) x k Cauchy encode matrix (gf_gen_cauchy1_matrix, GF(2^8) poly 0x11d), expanded into
 * ISA-L's 32-byte-per-coefficient tables, applied with ec_encode_data. Decoding inverts the k x k
 * sub-matrix of the first k surviving units and derives one row per erased unit.
 *
 * Threading: an encoder handle is immutable after creation, so concurrent encodes are safe.
 * A decoder handle caches the decode tables for the last erasure pattern; callers serialize
 * decodes on one handle (the Java side holds a lock). Creation/free are serialized by the Java side
 * against any call in flight (read-write lock), so a released handle is never dereferenced.
 */
#include <jni.h>
#include <stdlib.h>
#include <string.h>
#include <isa-l.h>

/* HDFS's widest built-in policy is 10+4; ISA-L's tables are sized per call, this bound keeps the
 * per-call scratch arrays on the stack. 255 is the GF(2^8) limit for a Cauchy code. */
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
  unsigned char *scratch;       /* 3 * k * k: sub-matrix, inverse, decode rows (up to p x k) */
} rs_coder;

static void throw_named(JNIEnv *env, const char *cls, const char *msg) {
  jclass c = (*env)->FindClass(env, cls);
  if (c != NULL) (*env)->ThrowNew(env, c, msg);
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
  if (k < 1 || p < 1 || k + p > MAX_UNITS) {
    throw_named(env, "java/lang/IllegalArgumentException", "unsupported RS shape");
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

JNIEXPORT void JNICALL Java_io_hbload_hdfs_coder_IsalRsCoderNative_destroy(
    JNIEnv *env, jclass cls, jlong handle) {
  (void) env; (void) cls;
  if (handle == 0) return;
  rs_coder *c = (rs_coder *) (intptr_t) handle;
  free(c->encode_matrix); free(c->encode_tables); free(c->decode_tables); free(c->scratch);
  free(c);
}

/* Resolves direct buffers + positions into pointers. Returns 0 and throws on a bad buffer. */
static int direct_pointers(JNIEnv *env, jobjectArray bufs, jintArray offs, int n,
                           unsigned char **out) {
  jint pos[MAX_UNITS];
  (*env)->GetIntArrayRegion(env, offs, 0, n, pos);
  for (int i = 0; i < n; i++) {
    jobject b = (*env)->GetObjectArrayElement(env, bufs, i);
    if (b == NULL) { out[i] = NULL; continue; }
    unsigned char *a = (*env)->GetDirectBufferAddress(env, b);
    (*env)->DeleteLocalRef(env, b);
    if (a == NULL) {
      throw_named(env, "java/lang/IllegalArgumentException", "not a direct buffer");
      return 0;
    }
    out[i] = a + pos[i];
  }
  return 1;
}

/* Picks the first k surviving units (Hadoop's rule) and (re)builds the decode tables when the
 * erasure pattern differs from the cached one. Returns 0 and throws when not decodable. */
static int prepare_decode(JNIEnv *env, rs_coder *c, unsigned char **inputs, const jint *erased,
                          int n_erased, unsigned char **sources) {
  const int k = c->k;
  int valid[MAX_UNITS];
  int n_valid = 0;
  for (int i = 0; i < k + c->p && n_valid < k; i++) {
    if (inputs[i] != NULL) {
      valid[n_valid] = i;
      sources[n_valid] = inputs[i];
      n_valid++;
    }
  }
  if (n_valid < k) {
    throw_named(env, "org/apache/hadoop/HadoopIllegalArgumentException",
                "No enough valid inputs are provided, not recoverable");
    return 0;
  }
  if (n_erased == c->cached_erased_count
      && memcmp(erased, c->cached_erased, sizeof(int) * n_erased) == 0
      && memcmp(valid, c->cached_valid, sizeof(int) * k) == 0) {
    return 1;
  }
  unsigned char *sub = c->scratch;
  unsigned char *inverse = sub + k * k;
  unsigned char *rows = inverse + k * k;
  for (int i = 0; i < k; i++) memcpy(&sub[i * k], &c->encode_matrix[valid[i] * k], k);
  if (gf_invert_matrix(sub, inverse, k) != 0) {
    throw_named(env, "org/apache/hadoop/HadoopIllegalArgumentException", "singular decode matrix");
    return 0;
  }
  for (int e = 0; e < n_erased; e++) {
    int idx = erased[e];
    if (idx < 0 || idx >= k + c->p) {
      throw_named(env, "org/apache/hadoop/HadoopIllegalArgumentException", "erased index out of range");
      return 0;
    }
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
  memcpy(c->cached_erased, erased, sizeof(int) * n_erased);
  memcpy(c->cached_valid, valid, sizeof(int) * k);
  return 1;
}

JNIEXPORT void JNICALL Java_io_hbload_hdfs_coder_IsalRsCoderNative_encodeDirect(
    JNIEnv *env, jclass cls, jlong handle, jobjectArray inputs, jintArray in_offs,
    jobjectArray outputs, jintArray out_offs, jint len) {
  (void) cls;
  rs_coder *c = coder_of(env, handle);
  if (c == NULL) return;
  unsigned char *in[MAX_UNITS], *out[MAX_UNITS];
  if (!direct_pointers(env, inputs, in_offs, c->k, in)) return;
  if (!direct_pointers(env, outputs, out_offs, c->p, out)) return;
  ec_encode_data(len, c->k, c->p, c->encode_tables, in, out);
}

/* How many units are erased; -1 with HadoopIllegalArgumentException pending when more than p (not recoverable). */
static int erased_count(JNIEnv *env, rs_coder *c, jintArray erased) {
  int n_erased = (*env)->GetArrayLength(env, erased);
  if (n_erased > c->p) {
    throw_named(env, "org/apache/hadoop/HadoopIllegalArgumentException", "Too many erased, data not recoverable");
    return -1;
  }
  return n_erased;
}

JNIEXPORT void JNICALL Java_io_hbload_hdfs_coder_IsalRsCoderNative_decodeDirect(
    JNIEnv *env, jclass cls, jlong handle, jobjectArray inputs, jintArray in_offs,
    jintArray erased, jobjectArray outputs, jintArray out_offs, jint len) {
  (void) cls;
  rs_coder *c = coder_of(env, handle);
  if (c == NULL) return;
  int n_erased = erased_count(env, c, erased);
  if (n_erased < 0) return;
  unsigned char *in[MAX_UNITS], *out[MAX_UNITS], *src[MAX_UNITS];
  jint er[MAX_UNITS];
  (*env)->GetIntArrayRegion(env, erased, 0, n_erased, er);
  if (!direct_pointers(env, inputs, in_offs, c->k + c->p, in)) return;
  if (!direct_pointers(env, outputs, out_offs, n_erased, out)) return;
  if (!prepare_decode(env, c, in, er, n_erased, src)) return;
  ec_encode_data(len, c->k, n_erased, c->decode_tables, src, out);
}

/*
 * Heap variants: pin the arrays with GetPrimitiveArrayCritical (zero copy; nested critical
 * sections are allowed, no other JNI call happens while pinned).
 */
static int pin_arrays(JNIEnv *env, jobjectArray arrs, jintArray offs, int n, jbyteArray *refs,
                      unsigned char **ptrs) {
  jint off[MAX_UNITS];
  (*env)->GetIntArrayRegion(env, offs, 0, n, off);
  for (int i = 0; i < n; i++) refs[i] = (jbyteArray) (*env)->GetObjectArrayElement(env, arrs, i);
  for (int i = 0; i < n; i++) {
    if (refs[i] == NULL) { ptrs[i] = NULL; continue; }
    unsigned char *a = (*env)->GetPrimitiveArrayCritical(env, refs[i], NULL);
    if (a == NULL) {
      for (int j = 0; j < i; j++) {
        if (refs[j] != NULL) (*env)->ReleasePrimitiveArrayCritical(env, refs[j], ptrs[j] - off[j], JNI_ABORT);
      }
      return 0; /* OutOfMemoryError pending */
    }
    ptrs[i] = a + off[i];
  }
  return 1;
}

/* Releases pinned arrays; base[i] is the pointer GetPrimitiveArrayCritical returned. */
static void unpin_arrays(JNIEnv *env, int n, jbyteArray *refs, unsigned char **base, int mode) {
  for (int i = n - 1; i >= 0; i--) {
    if (refs[i] != NULL) (*env)->ReleasePrimitiveArrayCritical(env, refs[i], base[i], mode);
  }
}

JNIEXPORT void JNICALL Java_io_hbload_hdfs_coder_IsalRsCoderNative_encodeHeap(
    JNIEnv *env, jclass cls, jlong handle, jobjectArray inputs, jintArray in_offs,
    jobjectArray outputs, jintArray out_offs, jint len) {
  (void) cls;
  rs_coder *c = coder_of(env, handle);
  if (c == NULL) return;
  jbyteArray in_refs[MAX_UNITS], out_refs[MAX_UNITS];
  unsigned char *in[MAX_UNITS], *out[MAX_UNITS], *in_base[MAX_UNITS], *out_base[MAX_UNITS];
  jint in_off[MAX_UNITS], out_off[MAX_UNITS];
  (*env)->GetIntArrayRegion(env, in_offs, 0, c->k, in_off);
  (*env)->GetIntArrayRegion(env, out_offs, 0, c->p, out_off);
  if (!pin_arrays(env, inputs, in_offs, c->k, in_refs, in)) return;
  if (!pin_arrays(env, outputs, out_offs, c->p, out_refs, out)) {
    for (int i = 0; i < c->k; i++) in_base[i] = in[i] ? in[i] - in_off[i] : NULL;
    unpin_arrays(env, c->k, in_refs, in_base, JNI_ABORT);
    return;
  }
  ec_encode_data(len, c->k, c->p, c->encode_tables, in, out);
  for (int i = 0; i < c->p; i++) out_base[i] = out[i] - out_off[i];
  for (int i = 0; i < c->k; i++) in_base[i] = in[i] ? in[i] - in_off[i] : NULL;
  unpin_arrays(env, c->p, out_refs, out_base, 0);
  unpin_arrays(env, c->k, in_refs, in_base, JNI_ABORT);
}

JNIEXPORT void JNICALL Java_io_hbload_hdfs_coder_IsalRsCoderNative_decodeHeap(
    JNIEnv *env, jclass cls, jlong handle, jobjectArray inputs, jintArray in_offs,
    jintArray erased, jobjectArray outputs, jintArray out_offs, jint len) {
  (void) cls;
  rs_coder *c = coder_of(env, handle);
  if (c == NULL) return;
  int n_erased = erased_count(env, c, erased);
  if (n_erased < 0) return;
  const int n = c->k + c->p;
  jint er[MAX_UNITS], in_off[MAX_UNITS], out_off[MAX_UNITS];
  (*env)->GetIntArrayRegion(env, erased, 0, n_erased, er);
  (*env)->GetIntArrayRegion(env, in_offs, 0, n, in_off);
  (*env)->GetIntArrayRegion(env, out_offs, 0, n_erased, out_off);
  /* Decide survivors and build tables before pinning: prepare_decode may throw (a JNI call). */
  jbyteArray in_refs[MAX_UNITS], out_refs[MAX_UNITS];
  unsigned char *present[MAX_UNITS], *src[MAX_UNITS];
  for (int i = 0; i < n; i++) {
    jobject o = (*env)->GetObjectArrayElement(env, inputs, i);
    present[i] = o != NULL ? (unsigned char *) 1 : NULL;
    if (o != NULL) (*env)->DeleteLocalRef(env, o);
  }
  if (!prepare_decode(env, c, present, er, n_erased, src)) return;
  unsigned char *in[MAX_UNITS], *out[MAX_UNITS], *in_base[MAX_UNITS], *out_base[MAX_UNITS];
  if (!pin_arrays(env, inputs, in_offs, n, in_refs, in)) return;
  if (!pin_arrays(env, outputs, out_offs, n_erased, out_refs, out)) {
    for (int i = 0; i < n; i++) in_base[i] = in[i] ? in[i] - in_off[i] : NULL;
    unpin_arrays(env, n, in_refs, in_base, JNI_ABORT);
    return;
  }
  for (int i = 0, v = 0; i < n && v < c->k; i++) {
    if (in[i] != NULL) src[v++] = in[i];
  }
  ec_encode_data(len, c->k, n_erased, c->decode_tables, src, out);
  for (int i = 0; i < n_erased; i++) out_base[i] = out[i] - out_off[i];
  for (int i = 0; i < n; i++) in_base[i] = in[i] ? in[i] - in_off[i] : NULL;
  unpin_arrays(env, n_erased, out_refs, out_base, 0);
  unpin_arrays(env, n, in_refs, in_base, JNI_ABORT);
}
