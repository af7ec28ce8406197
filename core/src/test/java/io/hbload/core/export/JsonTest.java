package io.hbload.core.export;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.math.BigDecimal;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * The layout of hbload's own documents and the values a binding may report, read back by a JSON
 * parser.
 */
class JsonTest {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private static String doc(String name, Object value) {
    return Json.write(
        Json.Layout.ONE_LINE,
        g -> {
          g.writeStartObject();
          g.writeFieldName(name);
          Json.value(g, value);
          g.writeArrayFieldStart("list");
          g.writeNumber(1);
          g.writeNumber(2);
          g.writeEndArray();
          g.writeObjectFieldStart("empty");
          g.writeEndObject();
          g.writeEndObject();
        });
  }

  @Test
  void oneLineWithASpaceAfterEachColonAndComma() {
    assertThat(doc("a", 1)).isEqualTo("{\"a\": 1, \"list\": [1, 2], \"empty\": {}}");
  }

  @Test
  void stringsThatNeedEscapingReadBackAsWritten() throws Exception {
    String tricky =
        "quote \" backslash \\ nl \n cr \r tab \t bs \b ff \f nul \u0000 us \u001f del \u007f "
            + "ls \u2028 emoji \ud83d\ude00 slash /";
    String json = doc(tricky, tricky);
    assertThat(json)
        .doesNotContainPattern("[\\x00-\\x1f]")
        .contains("\\u0000", "\\u001F", "\\\"", "\\\\", "\\n", "\ud83d\ude00");
    JsonNode read = MAPPER.readTree(json);
    assertThat(read.fieldNames().next()).isEqualTo(tricky);
    assertThat(read.get(tricky).asText()).isEqualTo(tricky);
  }

  @Test
  void nonFiniteDoublesAreStringsAndOtherNumbersKeepTheirText() throws Exception {
    assertThat(doc("v", Double.NaN)).startsWith("{\"v\": \"NaN\",");
    assertThat(doc("v", Double.POSITIVE_INFINITY)).startsWith("{\"v\": \"Infinity\",");
    assertThat(doc("v", 0.1f)).startsWith("{\"v\": " + (double) 0.1f + ",");
    assertThat(doc("v", 2.5)).startsWith("{\"v\": 2.5,");
    assertThat(doc("v", 1e20)).startsWith("{\"v\": 1.0E20,");
    assertThat(doc("v", Long.MIN_VALUE)).startsWith("{\"v\": " + Long.MIN_VALUE + ",");
    assertThat(doc("v", new BigDecimal("1.50"))).startsWith("{\"v\": 1.50,");
    assertThat(doc("v", new AtomicLong(7))).startsWith("{\"v\": 7,");
    assertThat(doc("v", true)).startsWith("{\"v\": true,");
    assertThat(doc("v", null)).startsWith("{\"v\": null,");
    assertThat(doc("v", java.time.Duration.ofSeconds(1))).startsWith("{\"v\": \"PT1S\",");
    assertThat(MAPPER.readTree(doc("v", 1e20)).get("v").asDouble()).isEqualTo(1e20);
  }

  private static String nested(Json.Layout layout) {
    return Json.write(
        layout,
        g -> {
          g.writeStartObject();
          g.writeNumberField("a", 1);
          g.writeArrayFieldStart("rows");
          g.writeStartObject();
          g.writeNumberField("x", 1);
          g.writeStringField("y", "z");
          g.writeEndObject();
          g.writeStartObject();
          g.writeEndObject();
          g.writeEndArray();
          g.writeArrayFieldStart("none");
          g.writeEndArray();
          g.writeEndObject();
        });
  }

  @Test
  void eachLayoutPutsTheLineBreaksWhereItsReadersExpectThem() {
    assertThat(nested(Json.Layout.ONE_LINE))
        .isEqualTo("{\"a\": 1, \"rows\": [{\"x\": 1, \"y\": \"z\"}, {}], \"none\": []}");
    assertThat(nested(Json.Layout.INDENTED))
        .isEqualTo(
            "{\n  \"a\": 1,\n  \"rows\": [\n    {\n      \"x\": 1,\n"
                + "      \"y\": \"z\"\n    },\n    {}\n  ],\n  \"none\": []\n}");
    assertThat(nested(Json.Layout.ROWS))
        .isEqualTo(
            "{\"a\": 1, \"rows\": [\n  {\"x\": 1, \"y\": \"z\"},\n  {}\n], " + "\"none\": []}");
    String nl = System.lineSeparator();
    assertThat(nested(Json.Layout.YCSB))
        .isEqualTo(
            "{"
                + nl
                + "  \"a\" : 1,"
                + nl
                + "  \"rows\" : [ {"
                + nl
                + "    \"x\" : 1,"
                + nl
                + "    \"y\" : \"z\""
                + nl
                + "  }, { } ],"
                + nl
                + "  \"none\" : [ ]"
                + nl
                + "}");
  }

  @Test
  void finiteOrNullAndFixedDecimals() {
    String json =
        Json.write(
            Json.Layout.ONE_LINE,
            g -> {
              g.writeStartObject();
              Json.finiteOrNull(g, "a", 0.5);
              Json.finiteOrNull(g, "b", Double.NaN);
              Json.fixed(g, "c", 2.0 / 3, 4);
              Json.fixed(g, "d", 1.00005, 4);
              Json.fixed(g, "e", Double.POSITIVE_INFINITY, 3);
              g.writeEndObject();
            });
    assertThat(json)
        .isEqualTo(
            "{\"a\": 0.5, \"b\": null, \"c\": 0.6667, \"d\": "
                + String.format(java.util.Locale.ROOT, "%.4f", 1.00005)
                + ", \"e\": null}");
  }
}
