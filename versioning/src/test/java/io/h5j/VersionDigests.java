package io.h5j;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.h5j.testing.Oracles;
import io.h5j.versioning.VersionInfo;
import io.h5j.versioning.VersionView;
import io.h5j.versioning.VersionedFile;
import java.io.IOException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The content of every committed version of a file, as {@code version:path → SHA-256 of the
 * elements' bytes in C order}: read by h5j, or by h5py (libhdf5) for the same comparison.
 */
final class VersionDigests {
  private VersionDigests() {}

  static Map<String, String> h5j(Path file) throws IOException {
    Map<String, String> out = new TreeMap<>();
    try (VersionedFile vf = VersionedFile.openReadOnly(file)) {
      for (VersionInfo v : vf.versions()) {
        VersionView view = vf.version(v.name());
        for (String p : view.datasetPaths()) {
          out.put(v.name() + ":" + p, sha(view.readBytes(p)));
        }
      }
    }
    return out;
  }

  /** The digests h5py computes for each file, in order. */
  static List<Map<String, String>> h5py(List<Path> files) throws IOException {
    List<String> args = new ArrayList<>();
    files.forEach(p -> args.add(p.toString()));
    String out = Oracles.python(String.join("\n",
        "import h5py, sys, json, hashlib, numpy as np",
        "res = []",
        "for name in sys.argv[1:]:",
        "    d = {}",
        "    with h5py.File(name, 'r') as f:",
        "        vs = f['_version_data/versions']",
        "        for v in vs:",
        "            if v == '__first_version__' or not vs[v].attrs['committed']:",
        "                continue",
        "            def visit(p, o, v=v):",
        "                if isinstance(o, h5py.Dataset):",
        "                    a = np.ascontiguousarray(o[()])",
        "                    d[v + ':' + p] = hashlib.sha256(a.tobytes()).hexdigest()",
        "            vs[v].visititems(visit)",
        "    res.append(d)",
        "print(json.dumps(res))"), args.toArray(new String[0]));
    List<Map<String, String>> all = new ArrayList<>();
    for (JsonNode n : new ObjectMapper().readTree(out)) {
      Map<String, String> m = new TreeMap<>();
      n.fields().forEachRemaining(e -> m.put(e.getKey(), e.getValue().asText()));
      all.add(m);
    }
    return all;
  }

  /** The digests of the versions whose names are in {@code names}. */
  static Map<String, String> only(Map<String, String> digests, java.util.Set<String> names) {
    Map<String, String> out = new LinkedHashMap<>();
    digests.forEach((k, v) -> {
      if (names.contains(k.substring(0, k.indexOf(':')))) {
        out.put(k, v);
      }
    });
    return out;
  }

  static String sha(byte[] b) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b));
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
