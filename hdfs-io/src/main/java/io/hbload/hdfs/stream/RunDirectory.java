package io.hbload.hdfs.stream;

import io.hbload.hdfs.config.BadInputException;
import io.hbload.hdfs.config.StoragePolicy;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.DistributedFileSystem;

/**
 * The tool's HDFS layout and its ownership rule: {@code <base>/_hbload-dfsio} (marker), {@code
 * <base>/<policy label>/file-00000...}. The tool writes into, reads from and deletes only a base
 * directory that is new, empty, or holds nothing but this layout; anything else is refused before a
 * single byte is written or deleted.
 *
 * <p>Immutable and thread-safe (all state is in HDFS).
 */
public final class RunDirectory {
  /** Marker file saying the base directory belongs to hbload dfsio. */
  public static final String MARKER = "_hbload-dfsio";

  private static final Pattern POLICY_DIR =
      Pattern.compile("replication-\\d+|[a-z0-9]+(-[a-z0-9]+)*");
  private static final Pattern FILE = Pattern.compile("file-\\d{5,}");

  private final DistributedFileSystem fs;
  private final Path base;

  public RunDirectory(DistributedFileSystem fs, String base) {
    this.fs = fs;
    this.base = new Path(base);
  }

  /** The path of file {@code index} for {@code policy}. */
  public Path file(StoragePolicy policy, int index) {
    return new Path(policyDir(policy), String.format(Locale.ROOT, "file-%05d", index));
  }

  public Path policyDir(StoragePolicy policy) {
    return new Path(base, policy.label());
  }

  public Path base() {
    return base;
  }

  /**
   * Verifies ownership, then creates the layout for {@code policy} and sets the EC policy on its
   * directory so files created there by other tools inherit it too.
   */
  public void prepareForWrite(StoragePolicy policy) throws IOException {
    checkOwnership();
    fs.mkdirs(base);
    if (!fs.exists(new Path(base, MARKER))) {
      fs.create(new Path(base, MARKER), false).close();
    }
    Path dir = policyDir(policy);
    fs.mkdirs(dir);
    if (policy.isErasureCoded()) {
      fs.setErasureCodingPolicy(dir, policy.name());
    }
  }

  /** Files of {@code policy} present now (index order), after the ownership check. */
  public List<FileStatus> existingFiles(StoragePolicy policy) throws IOException {
    checkOwnership();
    List<FileStatus> files = new ArrayList<>();
    try {
      for (FileStatus s : fs.listStatus(policyDir(policy))) {
        if (FILE.matcher(s.getPath().getName()).matches()) {
          files.add(s);
        }
      }
    } catch (FileNotFoundException e) {
      return files;
    }
    files.sort((a, b) -> a.getPath().getName().compareTo(b.getPath().getName()));
    return files;
  }

  /**
   * Deletes the layout after checking that it holds nothing else; returns the number of benchmark
   * files removed. A base directory holding foreign files is left untouched.
   */
  public int clean() throws IOException {
    if (!fs.exists(base)) {
      return 0;
    }
    int files = checkOwnership();
    fs.delete(base, true);
    return files;
  }

  /**
   * Throws {@link BadInputException} unless the base directory is absent, empty, or holds only the
   * tool's layout; returns the number of benchmark files in it.
   */
  public int checkOwnership() throws IOException {
    FileStatus status;
    try {
      status = fs.getFileStatus(base);
    } catch (FileNotFoundException e) {
      return 0;
    }
    if (!status.isDirectory()) {
      throw foreign(base);
    }
    FileStatus[] entries = fs.listStatus(base);
    if (entries.length == 0) {
      return 0;
    }
    boolean marked = false;
    for (FileStatus e : entries) {
      marked |= e.isFile() && e.getPath().getName().equals(MARKER);
    }
    if (!marked) {
      throw foreign(entries[0].getPath());
    }
    int files = 0;
    for (FileStatus e : entries) {
      String name = e.getPath().getName();
      if (name.equals(MARKER) && e.isFile()) {
        continue;
      }
      if (!e.isDirectory() || !POLICY_DIR.matcher(name).matches()) {
        throw foreign(e.getPath());
      }
      for (FileStatus f : fs.listStatus(e.getPath())) {
        if (!f.isFile() || !FILE.matcher(f.getPath().getName()).matches()) {
          throw foreign(f.getPath());
        }
        files++;
      }
    }
    return files;
  }

  private BadInputException foreign(Path example) {
    return new BadInputException(
        "directory "
            + base
            + " exists and holds files hbload did not write (e.g. "
            + Path.getPathWithoutSchemeAndAuthority(example)
            + "); use a new or empty --dir");
  }
}
