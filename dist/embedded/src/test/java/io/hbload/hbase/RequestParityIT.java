package io.hbload.hbase;

import static io.hbload.hbase.Rows.key;
import static io.hbload.hbase.Rows.values;
import static org.assertj.core.api.Assertions.assertThat;

import io.hbload.core.binding.AsyncBinding;
import io.hbload.core.binding.Binding;
import io.hbload.core.binding.Status;
import io.hbload.core.config.Phase;
import io.hbload.hbase.async.AsyncHBaseBinding;
import io.hbload.hbase.config.HBaseSettingsParser;
import io.hbload.hbase.config.OpsSpec;
import io.hbload.hbase.ops.HBaseBinding;
import io.hbload.hbase.ops.HBaseSession;
import io.hbload.hbase.testkit.HBaseExtension;
import io.hbload.hbase.ycsb.ArrayFields;
import io.hbload.hbase.ycsb.ArrayValues;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableSet;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.client.AsyncBufferedMutator;
import org.apache.hadoop.hbase.client.AsyncBufferedMutatorBuilder;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.AsyncTable;
import org.apache.hadoop.hbase.client.BufferedMutator;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Durability;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Mutation;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.filter.Filter;
import org.apache.hadoop.hbase.io.TimeRange;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The blocking and the async binding send HBase the same request for the same YCSB operation: same
 * Get, Scan (start row, limit, caching, filter, columns), Put (cells, durability) and Delete, with
 * the page filter on and off. Each binding runs on a real connection to one embedded cluster,
 * wrapped so that every request object it hands to a table or buffered mutator is written down (at
 * the call, before HBase's client adjusts it) and then passed on; the operations really run, and
 * return the same rows on both paths.
 */
class RequestParityIT {
  @RegisterExtension static final HBaseExtension HBASE = HBaseExtension.shared();

  private static final String TABLE = "parity";
  private static final int RECORDS = 60;

  private static final ByteArrayOutputStream OUT = new ByteArrayOutputStream();
  private static final PrintStream MESSAGES = new PrintStream(OUT, true, StandardCharsets.UTF_8);
  private static HBaseSession session;
  private static AsyncConnection asyncConnection;

  @BeforeAll
  static void createTable() throws Exception {
    Map<String, String> p = new HashMap<>(HBASE.hbase().properties());
    p.put("columnfamily", "family");
    p.put("table", TABLE);
    // several regions, so a scan crosses region boundaries (where the page filter's count starts
    // again)
    p.put("hbload.presplit", "4");
    session = HBaseSession.open(HBaseSettingsParser.parse(p), Phase.LOAD, false, MESSAGES);
    asyncConnection =
        ConnectionFactory.createAsyncConnection(session.connection().getConfiguration())
            .get(60, TimeUnit.SECONDS);
  }

  @AfterAll
  static void close() throws Exception {
    if (asyncConnection != null) {
      asyncConnection.close();
    }
    if (session != null) {
      session.close();
    }
  }

  private static OpsSpec spec(boolean usePageFilter) {
    return new OpsSpec(
        "family",
        false,
        OpsSpec.DEFAULT_WRITE_BUFFER_SIZE,
        Durability.SYNC_WAL,
        usePageFilter,
        false,
        false);
  }

  @ParameterizedTest(name = "hbase.usepagefilter={0}")
  @ValueSource(booleans = {true, false})
  void bothPathsSendTheSameRequestsForTheSameOperations(boolean usePageFilter) throws Exception {
    List<Map<String, Object>> blockingSent = new ArrayList<>();
    List<Map<String, Object>> asyncSent = new ArrayList<>();
    Binding blocking =
        new HBaseBinding(
            recording(Connection.class, session.connection(), blockingSent),
            spec(usePageFilter),
            MESSAGES);
    AsyncBinding async =
        new AsyncHBaseBinding(
            recording(AsyncConnection.class, asyncConnection, asyncSent),
            spec(usePageFilter),
            MESSAGES);
    String prefix = usePageFilter ? "page" : "nopage";

    // the same operations, each key written by one path and read back by both
    List<String> blockingResults = new ArrayList<>();
    List<String> asyncResults = new ArrayList<>();
    for (int i = 0; i < RECORDS; i++) {
      String k = prefix + (1000 + i * 37);
      assertThat(blocking.insert(TABLE, key(k), values(k, 4, 0))).isSameAs(Status.OK);
    }
    asyncSent.clear();
    blockingSent.clear();
    for (boolean onAsync : new boolean[] {false, true}) {
      List<String> results = onAsync ? asyncResults : blockingResults;
      String k = prefix + (onAsync ? "9001" : "9000");
      results.add(op(blocking, async, onAsync, "insert", k, values(k, 4, 0), null, 0));
      results.add(
          op(
              blocking,
              async,
              onAsync,
              "update",
              k,
              new ArrayValues().add("field2", Rows.value(k, 2, 1)),
              null,
              0));
      results.add(op(blocking, async, onAsync, "read", prefix + "1037", null, null, 0));
      results.add(
          op(
              blocking,
              async,
              onAsync,
              "read",
              prefix + "1074",
              null,
              List.of("field1", "field3"),
              0));
      // 25 rows from here cross at least one region boundary of the pre-split table
      results.add(op(blocking, async, onAsync, "scan", prefix + "1000", null, null, 25));
      results.add(
          op(blocking, async, onAsync, "scan", prefix + "1500", null, List.of("field0"), 7));
      results.add(op(blocking, async, onAsync, "delete", k, null, null, 0));
    }

    blocking.cleanup();
    async.cleanup();
    assertThat(blockingSent).as("requests the blocking path sent").hasSize(7);
    assertThat(sameKey(asyncSent))
        .as("the async path's requests, in the same order")
        .containsExactlyElementsOf(sameKey(blockingSent));
    assertThat(asyncResults).isEqualTo(blockingResults);
  }

  /**
   * The requests one per line, the async path's written row (9001) named as the blocking path's
   * (9000): each path writes its own row, so that both inserts are inserts of a new row.
   */
  private static List<String> sameKey(List<Map<String, Object>> sent) {
    List<String> out = new ArrayList<>();
    for (Map<String, Object> request : sent) {
      out.add(request.toString().replace("9001", "9000"));
    }
    return out;
  }

  /** Runs one operation on the chosen path; its outcome and what it returned, as text. */
  private static String op(
      Binding blocking,
      AsyncBinding async,
      boolean onAsync,
      String op,
      String k,
      ArrayValues vals,
      List<String> fields,
      int count)
      throws Exception {
    ArrayFields f = new ArrayFields().set(fields);
    Rows.Capture row = new Rows.Capture();
    Rows.ScanCapture rows = new Rows.ScanCapture();
    Status status;
    if (!onAsync) {
      status =
          switch (op) {
            case "insert" -> blocking.insert(TABLE, key(k), vals);
            case "update" -> blocking.update(TABLE, key(k), vals);
            case "read" -> blocking.read(TABLE, key(k), f, row);
            case "scan" -> blocking.scan(TABLE, key(k), count, f, rows);
            default -> blocking.delete(TABLE, key(k));
          };
    } else {
      CompletableFuture<Status> done = new CompletableFuture<>();
      AsyncBinding.Completion completion = (slot, s) -> done.complete(s);
      switch (op) {
        case "insert" -> async.insert(TABLE, key(k), vals, 0, completion);
        case "update" -> async.update(TABLE, key(k), vals, 0, completion);
        case "read" -> async.read(TABLE, key(k), f, row, 0, completion);
        case "scan" -> async.scan(TABLE, key(k), count, f, rows, 0, completion);
        default -> async.delete(TABLE, key(k), 0, completion);
      }
      async.flush();
      status = done.get(60, TimeUnit.SECONDS);
    }
    return op + " " + status + " fields=" + row.fields.keySet() + " rows=" + rows.keys;
  }

  /**
   * {@code target} behind a proxy of {@code type} that writes down every Get, Scan and mutation
   * passed to it (as {@link #describe}d at the call) and wraps the tables and mutators it returns
   * the same way.
   */
  private static <T> T recording(Class<T> type, T target, List<Map<String, Object>> sent) {
    InvocationHandler handler =
        (proxy, method, args) -> {
          if (args != null) {
            for (Object a : args) {
              if (a instanceof Scan || a instanceof Get || a instanceof Mutation) {
                sent.add(describe(a));
              }
            }
          }
          Object result;
          try {
            result = method.invoke(target, args);
          } catch (InvocationTargetException e) {
            throw e.getCause();
          }
          Class<?> returned = method.getReturnType();
          if (result != null && WRAPPED.contains(returned)) {
            return recordingRaw(returned, result, sent);
          }
          return result;
        };
    return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, handler));
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static Object recordingRaw(Class type, Object target, List<Map<String, Object>> sent) {
    return recording(type, target, sent);
  }

  private static final Set<Class<?>> WRAPPED =
      Set.of(
          Table.class,
          BufferedMutator.class,
          AsyncTable.class,
          AsyncBufferedMutatorBuilder.class,
          AsyncBufferedMutator.class);

  /** Every attribute of a request that changes what the server does, as comparable values. */
  private static Map<String, Object> describe(Object request) {
    Map<String, Object> d = new TreeMap<>();
    d.put("type", request.getClass().getSimpleName());
    if (request instanceof Scan s) {
      d.put("startRow", Bytes.toStringBinary(s.getStartRow()));
      d.put("includeStartRow", s.includeStartRow());
      d.put("stopRow", Bytes.toStringBinary(s.getStopRow()));
      d.put("includeStopRow", s.includeStopRow());
      d.put("limit", s.getLimit());
      d.put("caching", s.getCaching());
      d.put("batch", s.getBatch());
      d.put("maxResultSize", s.getMaxResultSize());
      d.put("maxVersions", s.getMaxVersions());
      d.put("cacheBlocks", s.getCacheBlocks());
      d.put("readType", s.getReadType());
      d.put("reversed", s.isReversed());
      d.put("raw", s.isRaw());
      d.put("consistency", s.getConsistency());
      d.put("timeRange", timeRange(s.getTimeRange()));
      d.put("filter", filter(s.getFilter()));
      d.put("columns", columns(s.getFamilyMap()));
      d.put("attributes", attributes(s.getAttributesMap()));
    } else if (request instanceof Get g) {
      d.put("row", Bytes.toStringBinary(g.getRow()));
      d.put("maxVersions", g.getMaxVersions());
      d.put("cacheBlocks", g.getCacheBlocks());
      d.put("consistency", g.getConsistency());
      d.put("timeRange", timeRange(g.getTimeRange()));
      d.put("filter", filter(g.getFilter()));
      d.put("columns", columns(g.getFamilyMap()));
      d.put("attributes", attributes(g.getAttributesMap()));
    } else {
      Mutation m = (Mutation) request;
      d.put("row", Bytes.toStringBinary(m.getRow()));
      d.put("durability", m.getDurability());
      d.put("timestamp", m.getTimestamp());
      d.put("ttl", m.getTTL());
      List<String> cells = new ArrayList<>();
      for (List<Cell> family : m.getFamilyCellMap().values()) {
        for (Cell c : family) {
          cells.add(
              Bytes.toStringBinary(CellUtil.cloneFamily(c))
                  + ":"
                  + Bytes.toStringBinary(CellUtil.cloneQualifier(c))
                  + "@"
                  + c.getTimestamp()
                  + "/"
                  + c.getType()
                  + "="
                  + Bytes.toStringBinary(CellUtil.cloneValue(c)));
        }
      }
      d.put("cells", cells);
      d.put("attributes", attributes(m.getAttributesMap()));
    }
    return d;
  }

  private static String timeRange(TimeRange t) {
    return t.getMin() + ".." + t.getMax();
  }

  /** What goes over the wire: the filter's class and serialized bytes. */
  private static String filter(Filter f) {
    try {
      return f == null
          ? "none"
          : f.getClass().getName() + " " + Bytes.toStringBinary(f.toByteArray());
    } catch (java.io.IOException e) {
      throw new IllegalStateException(e);
    }
  }

  private static Map<String, List<String>> columns(Map<byte[], NavigableSet<byte[]>> families) {
    Map<String, List<String>> out = new TreeMap<>();
    for (Map.Entry<byte[], NavigableSet<byte[]>> e : families.entrySet()) {
      List<String> qualifiers = new ArrayList<>();
      if (e.getValue() != null) {
        for (byte[] q : e.getValue()) {
          qualifiers.add(Bytes.toStringBinary(q));
        }
      }
      out.put(Bytes.toStringBinary(e.getKey()), qualifiers);
    }
    return out;
  }

  private static Map<String, String> attributes(Map<String, byte[]> attributes) {
    Map<String, String> out = new TreeMap<>();
    attributes.forEach((k, v) -> out.put(k, Bytes.toStringBinary(v)));
    return out;
  }
}
