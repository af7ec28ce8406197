package io.hbload.core.export;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.PrettyPrinter;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.Locale;

/**
 * Every JSON document hbload writes (the result, YCSB's exporters, the suite table; gc-tune's and
 * dfsio's through their modules), through Jackson's streaming generator: jackson-core alone (no
 * databind, no transitive dependencies), at the version the Hadoop client brings, so an embedding
 * application gets one small jar more and hbload.jar still one Jackson. The escaping and the number
 * text ({@code Double.toString}) are Jackson's; only the layouts, which users and scripts already
 * read, are hbload's; and the limits within which hbload reads JSON. Stateless, thread-safe.
 */
public final class Json {
  /**
   * Largest JSON document hbload reads (a result of its own, a RegionServer's {@code /jmx} answer):
   * those are kilobytes, so this only stops a wrong file or a hostile server from filling the heap.
   */
  public static final long MAX_READ_BYTES = 64L << 20;

  /** Deepest nesting hbload reads: it writes four levels, {@code /jmx} answers about five. */
  public static final int MAX_READ_DEPTH = 32;

  private static final JsonFactory FACTORY = new JsonFactory();
  private static final DefaultIndenter TWO_SPACES = new DefaultIndenter("  ", "\n");

  /** Where the line breaks go. Every layout but YCSB's writes {@code "key": value}. */
  public enum Layout {
    /**
     * One line, a space after each ':' and ',': {@code {"a": 1, "b": [2, 3]}} (hbload's result and
     * suite).
     */
    ONE_LINE,
    /**
     * A member or element a line, indented two spaces a level, {@code {}} when empty (gc-tune's
     * json).
     */
    INDENTED,
    /**
     * An array's elements a line each, indented two spaces; objects on one line (dfsio's: a pass a
     * line).
     */
    ROWS,
    /**
     * YCSB 0.17.0's JSON exporters: Jackson 1.9's default pretty printer, which Jackson 2's lays
     * out byte for byte ({@code "key" : value} a line, root values separated by a space, {@code [
     * {...}, {...} ]}).
     */
    YCSB;

    /** A new printer: Jackson's printers count the nesting, so one serves one document. */
    PrettyPrinter printer() {
      return switch (this) {
        case ONE_LINE -> new Spaced(false, false);
        case INDENTED -> new Spaced(true, true);
        case ROWS -> new Spaced(false, true);
        case YCSB -> new DefaultPrettyPrinter();
      };
    }
  }

  /** What fills one document. */
  @FunctionalInterface
  public interface Body {
    void write(JsonGenerator g) throws IOException;
  }

  private Json() {}

  /** The document {@code body} writes, laid out as {@code layout} says. */
  public static String write(Layout layout, Body body) {
    StringWriter out = new StringWriter();
    try (JsonGenerator g = FACTORY.createGenerator(out)) {
      g.setPrettyPrinter(layout.printer());
      body.write(g);
    } catch (IOException e) {
      throw new UncheckedIOException(e); // a StringWriter does not fail
    }
    return out.toString();
  }

  /**
   * A value whose type a binding chose ({@code ReportLine}'s): numbers as numbers (a {@code Float}
   * widened, as YCSB widens it; NaN and the infinities as the strings "NaN", "Infinity", Jackson's
   * default), booleans, null, anything else as its string.
   */
  public static void value(JsonGenerator g, Object v) throws IOException {
    if (v == null) {
      g.writeNull();
    } else if (v instanceof Double || v instanceof Float) {
      g.writeNumber(((Number) v).doubleValue());
    } else if (v instanceof Long
        || v instanceof Integer
        || v instanceof Short
        || v instanceof Byte) {
      g.writeNumber(((Number) v).longValue());
    } else if (v instanceof Number n) {
      g.writeNumber(n.toString()); // BigDecimal, AtomicLong...: their own text, as before
    } else if (v instanceof Boolean b) {
      g.writeBoolean(b);
    } else {
      g.writeString(v.toString());
    }
  }

  /**
   * A figure, or null when it is not finite (gc-tune's and dfsio's documents never had "NaN"
   * strings).
   */
  public static void finiteOrNull(JsonGenerator g, String name, double value) throws IOException {
    if (Double.isFinite(value)) {
      g.writeNumberField(name, value);
    } else {
      g.writeNullField(name);
    }
  }

  /** A figure with {@code decimals} digits after the point, or null when it is not finite. */
  public static void fixed(JsonGenerator g, String name, double value, int decimals)
      throws IOException {
    if (Double.isFinite(value)) {
      g.writeFieldName(name);
      g.writeNumber(String.format(Locale.ROOT, "%." + decimals + "f", value));
    } else {
      g.writeNullField(name);
    }
  }

  /**
   * Whether {@code doc} nests deeper than {@link #MAX_READ_DEPTH}, found by walking its tokens
   * iteratively: the Jackson the Hadoop client brings (2.12) has no read limits and its tree reader
   * recurses, so a document nested 100k deep would be a StackOverflowError. Call before reading a
   * tree.
   *
   * @throws IOException when {@code doc} is not JSON
   */
  public static boolean nestedTooDeep(byte[] doc) throws IOException {
    try (JsonParser p = FACTORY.createParser(doc)) {
      int depth = 0;
      for (JsonToken t; (t = p.nextToken()) != null; ) {
        if (t.isStructStart() && ++depth > MAX_READ_DEPTH) {
          return true;
        } else if (t.isStructEnd()) {
          depth--;
        }
      }
    }
    return false;
  }

  /**
   * Jackson's default printer with {@code ": "} for its {@code " : "}, {@code ", "} between members
   * or elements kept on one line, and {@code {}} / {@code []} for its {@code { }} / {@code [ ]}.
   * Not thread-safe: one per document.
   */
  private static final class Spaced extends DefaultPrettyPrinter {
    private static final long serialVersionUID = 1L;
    private final boolean objectsOnLines;
    private final boolean arraysOnLines;

    Spaced(boolean objectsOnLines, boolean arraysOnLines) {
      this.objectsOnLines = objectsOnLines;
      this.arraysOnLines = arraysOnLines;
      indentObjectsWith(objectsOnLines ? TWO_SPACES : NopIndenter.instance);
      indentArraysWith(arraysOnLines ? TWO_SPACES : NopIndenter.instance);
    }

    @Override
    public DefaultPrettyPrinter createInstance() {
      return new Spaced(objectsOnLines, arraysOnLines);
    }

    @Override
    public void writeObjectFieldValueSeparator(JsonGenerator g) throws IOException {
      g.writeRaw(": ");
    }

    @Override
    public void writeObjectEntrySeparator(JsonGenerator g) throws IOException {
      separate(g, _objectIndenter);
    }

    @Override
    public void writeArrayValueSeparator(JsonGenerator g) throws IOException {
      separate(g, _arrayIndenter);
    }

    @Override
    public void writeEndObject(JsonGenerator g, int entries) throws IOException {
      close(g, _objectIndenter, entries, '}');
    }

    @Override
    public void writeEndArray(JsonGenerator g, int values) throws IOException {
      close(g, _arrayIndenter, values, ']');
    }

    private void separate(JsonGenerator g, Indenter indenter) throws IOException {
      if (indenter.isInline()) {
        g.writeRaw(", ");
      } else {
        g.writeRaw(',');
        indenter.writeIndentation(g, _nesting);
      }
    }

    /** Back one level; the closing bracket on a line of its own unless nothing was in between. */
    private void close(JsonGenerator g, Indenter indenter, int members, char bracket)
        throws IOException {
      if (!indenter.isInline()) {
        _nesting--;
      }
      if (members > 0) {
        indenter.writeIndentation(g, _nesting);
      }
      g.writeRaw(bracket);
    }
  }
}
