package io.hbload.core.export;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.hbload.core.config.OutputPaths;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.ServerSocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 32 §1: a result published at a name that is not a regular file never replaces what is
 * there. A FIFO, a character device and a link through {@code /proc/self/fd} are written through; a
 * link to a regular file is published onto its destination and stays a link; a block device, a
 * socket, a dangling link and a link loop are refused before anything is written. Before the fix
 * each of these was renamed over (as root, {@code --json /dev/null} replaced the machine's {@code
 * /dev/null} with a private regular file), so these tests use the real {@code /dev/null}, {@code
 * /dev/full} and {@code /dev/stderr}: CI runs as root.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class ResultFileTargetsTest {
  private static final byte[] PAYLOAD = "{\"tool\": \"hbload\"}\n".getBytes(StandardCharsets.UTF_8);

  /** Readers of a FIFO; daemon threads, so one left waiting by a failed test ends with the JVM. */
  private static final ExecutorService READERS =
      Executors.newCachedThreadPool(
          r -> {
            Thread t = new Thread(r, "fifo-reader");
            t.setDaemon(true);
            return t;
          });

  @TempDir Path dir;

  @AfterAll
  static void stopReaders() {
    READERS.shutdownNow();
  }

  @Test
  void aFifoIsWrittenThroughAndStaysAFifo() throws Exception {
    Path fifo = mkfifo(dir.resolve("results.fifo"));
    Future<byte[]> read = READERS.submit(() -> Files.readAllBytes(fifo));

    ResultFiles.write(fifo, out -> out.write(PAYLOAD));

    assertThat(isFifo(fifo)).as("%s is still a FIFO", fifo).isTrue();
    assertThat(read.get(10, TimeUnit.SECONDS)).isEqualTo(PAYLOAD);
    try (Stream<Path> files = Files.list(dir)) {
      assertThat(files).containsExactly(fifo); // no temp file left beside it
    }
  }

  @Test
  void devNullIsWrittenThroughAndStaysACharacterDevice() throws Exception {
    Path devNull = Path.of("/dev/null");
    assumeTrue(isCharacterDevice(devNull), "/dev/null is a character device here");

    ResultFiles.write(devNull, out -> out.write(PAYLOAD));

    assertThat(isCharacterDevice(devNull)).as("/dev/null is still a character device").isTrue();
    assertThat(Files.isSymbolicLink(devNull)).isFalse();
  }

  @Test
  void aFailedWriteThroughIsAnErrorNamingTheTarget() throws Exception {
    Path devFull = Path.of("/dev/full");
    assumeTrue(isCharacterDevice(devFull), "/dev/full is a character device here");

    assertThatThrownBy(() -> ResultFiles.write(devFull, out -> out.write(PAYLOAD)))
        .isInstanceOf(IOException.class)
        .hasMessageStartingWith("cannot write /dev/full: ")
        .hasMessageContaining("No space left on device");

    assertThat(isCharacterDevice(devFull)).as("/dev/full is still a character device").isTrue();
  }

  @Test
  void aLinkToARegularFileIsPublishedOntoItsDestinationAndStaysALink() throws Exception {
    Path real = Files.writeString(dir.resolve("real.json"), "old");
    Path link = Files.createSymbolicLink(dir.resolve("link.json"), Path.of("real.json"));
    Path chain = Files.createSymbolicLink(dir.resolve("chain.json"), link);

    ResultFiles.write(chain, out -> out.write(PAYLOAD));

    assertThat(Files.isSymbolicLink(chain)).as("%s is still a link", chain).isTrue();
    assertThat(Files.readSymbolicLink(chain)).isEqualTo(link);
    assertThat(Files.isSymbolicLink(link)).as("%s is still a link", link).isTrue();
    assertThat(Files.readAllBytes(real)).isEqualTo(PAYLOAD);
    try (Stream<Path> files = Files.list(dir)) {
      assertThat(files).noneMatch(ResultFile::isTemp);
    }
  }

  @Test
  void aLinkToDevNullStaysALinkAndDevNullACharacterDevice() throws Exception {
    Path devNull = Path.of("/dev/null");
    assumeTrue(isCharacterDevice(devNull), "/dev/null is a character device here");
    Path link = Files.createSymbolicLink(dir.resolve("discard.json"), devNull);

    ResultFiles.write(link, out -> out.write(PAYLOAD));

    assertThat(Files.isSymbolicLink(link)).as("%s is still a link", link).isTrue();
    assertThat(isCharacterDevice(devNull)).as("/dev/null is still a character device").isTrue();
    Files.delete(link); // JUnit would warn of a link out of its temp dir
  }

  /**
   * What a shell's process substitution ({@code --json >(jq .)}) hands over: a name under {@code
   * /dev/fd} (itself a link to {@code /proc/self/fd}) of a pipe this process holds open, reached
   * here both directly and through a link of the user's.
   */
  @Test
  void aLinkThroughProcSelfFdIsWrittenThroughToTheOpenFile() throws Exception {
    Path fifo = mkfifo(dir.resolve("pipe"));
    // read and write: on Linux this opens a FIFO without waiting for the other end
    try (FileChannel pipe =
        FileChannel.open(fifo, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
      int fd = descriptorOf(fifo);
      Path devFd = Path.of("/dev/fd/" + fd);
      Path link = Files.createSymbolicLink(dir.resolve("out.json"), Path.of("/proc/self/fd/" + fd));

      ResultFiles.write(link, out -> out.write(PAYLOAD));
      ResultFiles.write(devFd, out -> out.write(PAYLOAD));

      assertThat(Files.isSymbolicLink(link)).as("%s is still a link", link).isTrue();
      assertThat(isFifo(fifo)).as("%s is still a FIFO", fifo).isTrue();
      ByteBuffer got = ByteBuffer.allocate(2 * PAYLOAD.length);
      while (got.hasRemaining()) {
        pipe.read(got);
      }
      assertThat(new String(got.array(), StandardCharsets.UTF_8))
          .isEqualTo(new String(PAYLOAD, StandardCharsets.UTF_8).repeat(2));
    }
  }

  /**
   * {@code --json /dev/stderr}: this process's own descriptor, written through where its stderr
   * goes. (stdout is the same code, with descriptor 1; not written here because surefire's fork
   * reads its own stdout as a protocol.)
   */
  @Test
  void devStderrIsWrittenThroughAndStaysALink() throws Exception {
    Path stderr = Path.of("/dev/stderr");
    assumeTrue(Files.isSymbolicLink(stderr), "/dev/stderr is a link here");
    Path before = Files.readSymbolicLink(stderr);

    ResultFiles.write(stderr, out -> out.write("\n".getBytes(StandardCharsets.UTF_8)));

    assertThat(Files.isSymbolicLink(stderr)).as("/dev/stderr is still a link").isTrue();
    assertThat(Files.readSymbolicLink(stderr)).isEqualTo(before);
    assertThat(OutputPaths.problem(Path.of("/dev/stdout"))).isNull();
  }

  @Test
  void aSocketIsRefusedBeforeAndNotReplacedWhenWritten() throws Exception {
    Path socket = dir.resolve("hbload.sock");
    try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
      server.bind(UnixDomainSocketAddress.of(socket));

      assertThat(OutputPaths.problem(socket))
          .isEqualTo("cannot write " + socket + ": not a regular file (a socket)");
      assertThatThrownBy(() -> ResultFiles.write(socket, out -> out.write(PAYLOAD)))
          .isInstanceOf(IOException.class)
          .hasMessage("cannot write " + socket + ": not a regular file (a socket)");

      assertThat(Files.readAttributes(socket, "unix:mode", LinkOption.NOFOLLOW_LINKS))
          .extractingByKey("mode")
          .matches(mode -> ((Integer) mode & S_IFMT) == S_IFSOCK, "a socket");
    }
  }

  /** Only checked, never written: nothing here may go near a real disk. */
  @Test
  void aBlockDeviceIsRefused() throws Exception {
    Path block =
        Stream.of("/dev/loop0", "/dev/sda", "/dev/vda", "/dev/nvme0n1", "/dev/xvda")
            .map(Path::of)
            .filter(p -> mode(p) == S_IFBLK)
            .findFirst()
            .orElse(null);
    assumeTrue(block != null, "a block device under /dev");

    assertThat(OutputPaths.problem(block))
        .isEqualTo("cannot write " + block + ": not a regular file (a block device)");
  }

  @Test
  void aDanglingLinkAndALinkLoopAreRefused() throws Exception {
    Path dangling = Files.createSymbolicLink(dir.resolve("gone.json"), dir.resolve("nowhere"));
    Path loop = Files.createSymbolicLink(dir.resolve("loop.json"), dir.resolve("loop.json"));

    assertThat(OutputPaths.problem(dangling))
        .isEqualTo("cannot write " + dangling + ": not a regular file (a dangling link)");
    assertThat(OutputPaths.problem(loop))
        .isEqualTo("cannot write " + loop + ": not a regular file (a link loop)");
    assertThatThrownBy(() -> ResultFiles.write(dangling, out -> out.write(PAYLOAD)))
        .hasMessage("cannot write " + dangling + ": not a regular file (a dangling link)");
    assertThat(Files.isSymbolicLink(dangling)).isTrue();
    assertThat(dir.resolve("nowhere")).doesNotExist();
  }

  @Test
  void aRegularFileAndANewNameAreStillPublishedByRename() throws Exception {
    Path existing = Files.writeString(dir.resolve("r.json"), "old");
    Path fresh = dir.resolve("new.json");

    ResultFiles.write(existing, out -> out.write(PAYLOAD));
    ResultFiles.write(fresh, out -> out.write(PAYLOAD));

    assertThat(Files.readAllBytes(existing)).isEqualTo(PAYLOAD);
    assertThat(Files.readAllBytes(fresh)).isEqualTo(PAYLOAD);
    assertThat(OutputPaths.problem(existing)).isNull();
    assertThat(OutputPaths.problem(fresh)).isNull();
  }

  private static final int S_IFMT = 0170000;
  private static final int S_IFSOCK = 0140000;
  private static final int S_IFBLK = 0060000;
  private static final int S_IFCHR = 0020000;
  private static final int S_IFIFO = 0010000;

  /** The file type bits of {@code p} itself (not of what it links to), or -1 when absent. */
  private static int mode(Path p) {
    try {
      return (Integer) Files.getAttribute(p, "unix:mode", LinkOption.NOFOLLOW_LINKS) & S_IFMT;
    } catch (IOException e) {
      return -1;
    }
  }

  private static boolean isCharacterDevice(Path p) {
    return mode(p) == S_IFCHR;
  }

  private static boolean isFifo(Path p) throws IOException {
    return Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).isOther()
        && mode(p) == S_IFIFO;
  }

  private static Path mkfifo(Path p) throws Exception {
    Process mkfifo = new ProcessBuilder("mkfifo", p.toString()).inheritIO().start();
    assumeTrue(mkfifo.waitFor() == 0, "mkfifo works here");
    return p;
  }

  /** The number of the descriptor this process holds open on {@code file}. */
  private static int descriptorOf(Path file) throws IOException {
    String real = file.toRealPath().toString();
    try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
      return fds.filter(
              fd -> {
                try {
                  return Files.readSymbolicLink(fd).toString().equals(real);
                } catch (IOException e) {
                  return false; // closed since it was listed
                }
              })
          .map(fd -> Integer.parseInt(fd.getFileName().toString()))
          .findFirst()
          .orElseThrow(() -> new AssertionError("no descriptor open on " + real));
    }
  }
}
