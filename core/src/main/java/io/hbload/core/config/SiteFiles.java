package io.hbload.core.config;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.xml.XMLConstants;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * The check a Hadoop-style site file ({@code core-site.xml}, {@code hdfs-site.xml}, {@code
 * hbase-site.xml}) a user names goes through before anything starts. Hadoop's {@code Configuration}
 * parses its files lazily, at the first setting read, often after a cluster began starting, and
 * logs a parse error with a 40-line trace before it throws; here a file that is not XML with a
 * {@code <configuration>} root is bad input, one line naming the file. JDK only (StAX, no DTDs or
 * external entities), so every module can use it. Stateless.
 */
public final class SiteFiles {
  private SiteFiles() {}

  /** Why {@code file} is not a readable Hadoop configuration file, or null when it is. */
  public static String problem(Path file) {
    if (!Files.isRegularFile(file) || !Files.isReadable(file)) {
      return "cannot read configuration file " + file;
    }
    XMLInputFactory factory = XMLInputFactory.newFactory();
    factory.setProperty(XMLInputFactory.SUPPORT_DTD, false);
    factory.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
    trySet(factory, XMLConstants.ACCESS_EXTERNAL_DTD);
    try (InputStream in = Files.newInputStream(file)) {
      XMLStreamReader xml = factory.createXMLStreamReader(in);
      try {
        while (xml.hasNext() && xml.next() != XMLStreamReader.START_ELEMENT) {
          // prolog: declaration, comments, processing instructions
        }
        if (!xml.isStartElement() || !"configuration".equals(xml.getLocalName())) {
          return file + " is not a Hadoop configuration file (no <configuration> element)";
        }
        while (xml.hasNext()) {
          xml.next(); // the whole document must be well-formed, as Hadoop's parser will read all
          // of it
        }
      } finally {
        xml.close();
      }
    } catch (XMLStreamException e) {
      String where =
          e.getLocation() == null ? "" : " (line " + e.getLocation().getLineNumber() + ")";
      return file + " is not a Hadoop configuration file: not well-formed XML" + where;
    } catch (IOException e) {
      return "cannot read configuration file " + file + ": " + e.getMessage();
    }
    return null;
  }

  private static void trySet(XMLInputFactory factory, String property) {
    try {
      factory.setProperty(property, "");
    } catch (IllegalArgumentException unsupported) {
      // a StAX implementation without it (Woodstox): SUPPORT_DTD=false already keeps external DTDs
      // out
    }
  }
}
