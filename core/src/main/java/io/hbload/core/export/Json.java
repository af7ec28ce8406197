package io.hbload.core.export;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.PrettyPrinter;
import com.fasterxml.jackson.core.util.MinimalPrettyPrinter;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;

/**
 * The JSON core writes, through Jackson's streaming generator: jackson-core alone (no databind, no transitive
 * dependencies), at the version the Hadoop client brings, so an embedding application gets one small jar more and
 * hbload.jar still one Jackson. The escaping, the number text ({@code Double.toString}) and the non-finite doubles
 * (the strings "NaN", "Infinity", Jackson's default) are Jackson's. Stateless, thread-safe.
 */
public final class Json {
  private static final JsonFactory FACTORY = new JsonFactory();
  /** hbload's own documents: one line, {@code {"a": 1, "b": [2, 3]}}, as core wrote them by hand before. */
  public static final PrettyPrinter ONE_LINE = new OneLine();

  /** What fills one document. */
  @FunctionalInterface
  public interface Body {
    void write(JsonGenerator g) throws IOException;
  }

  private Json() {
  }

  /** The document {@code body} writes, laid out by {@code printer}. */
  public static String write(PrettyPrinter printer, Body body) {
    StringWriter out = new StringWriter();
    try (JsonGenerator g = FACTORY.createGenerator(out)) {
      g.setPrettyPrinter(printer);
      body.write(g);
    } catch (IOException e) {
      throw new UncheckedIOException(e); // a StringWriter does not fail
    }
    return out.toString();
  }

  /**
   * A value whose type a binding chose ({@code ReportLine}'s): numbers as numbers (a {@code Float} widened, as YCSB
   * widens it), booleans, null, anything else as its string.
   */
  public static void value(JsonGenerator g, Object v) throws IOException {
    if (v == null) {
      g.writeNull();
    } else if (v instanceof Double || v instanceof Float) {
      g.writeNumber(((Number) v).doubleValue());
    } else if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
      g.writeNumber(((Number) v).longValue());
    } else if (v instanceof Number n) {
      g.writeNumber(n.toString()); // BigDecimal, AtomicLong...: their own text, as before
    } else if (v instanceof Boolean b) {
      g.writeBoolean(b);
    } else {
      g.writeString(v.toString());
    }
  }

  /** Jackson's minimal layout with a space after each ':' and ','; stateless, so one instance serves all. */
  private static final class OneLine extends MinimalPrettyPrinter {
    private static final long serialVersionUID = 1L;

    @Override
    public void writeObjectFieldValueSeparator(JsonGenerator g) throws IOException {
      g.writeRaw(": ");
    }

    @Override
    public void writeObjectEntrySeparator(JsonGenerator g) throws IOException {
      g.writeRaw(", ");
    }

    @Override
    public void writeArrayValueSeparator(JsonGenerator g) throws IOException {
      g.writeRaw(", ");
    }
  }
}
