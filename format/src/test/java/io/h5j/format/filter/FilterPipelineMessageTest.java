package io.h5j.format.filter;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.format.H5FormatException;
import io.h5j.format.filter.FilterPipelineMessage.FilterDescription;
import io.h5j.format.io.ByteReader;
import io.h5j.format.io.FileParams;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/** Encoding and decoding of the filter pipeline message, versions 1 and 2. */
class FilterPipelineMessageTest {
  static FilterPipelineMessage decode(byte[] b) throws H5FormatException {
    return FilterPipelineMessage.decode(new ByteReader(b, 0, "filter pipeline", FileParams.DEFAULT));
  }

  static byte[] hex(String s) {
    return HexFormat.of().parseHex(s.replace(" ", ""));
  }

  /** Layouts written out by hand from the spec (IV.A.2.l) and libhdf5's H5Opline.c. */
  @Example
  void version2LayoutOmitsNamesOfReservedIdsAndHasNoPadding() throws Exception {
    FilterPipelineMessage m = FilterPipelineMessage.of(List.of(
        FilterDescription.of(2, false, 4),
        FilterDescription.of(1, false, 6),
        new FilterDescription(32000, 1, "lzf", new int[] {4, 0, 400})));
    byte[] expected = hex("02 03"
        + "0200 0000 0100 04000000"
        + "0100 0000 0100 06000000"
        + "007d 0400 0100 0300 6c7a6600 04000000 00000000 90010000");
    assertArrayEquals(expected, m.toBytes(FileParams.DEFAULT));
    assertEquals(m, decode(expected));
  }

  @Example
  void version1LayoutPadsNamesToEightAndOddClientDataToEvenWords() throws Exception {
    FilterPipelineMessage m = new FilterPipelineMessage(1, List.of(
        new FilterDescription(1, 0, "deflate", new int[] {9}),
        new FilterDescription(3, 1, "", new int[0])));
    byte[] expected = hex("01 02 000000000000"
        + "0100 0800 0000 0100 6465666c61746500 09000000 00000000"
        + "0300 0000 0100 0000");
    assertArrayEquals(expected, m.toBytes(FileParams.DEFAULT));
    assertEquals(m, decode(expected));
  }

  @Example
  void rejectsBadInput() {
    assertThrows(H5FormatException.class, () -> decode(hex("03 00")));
    assertThrows(H5FormatException.class, () -> decode(hex("02 21")));
    // v1 name length not a multiple of 8
    assertThrows(H5FormatException.class, () -> decode(hex("01 01 000000000000 0100 0500 0000 0000 6162636400")));
    // name without NUL inside its field
    assertThrows(H5FormatException.class, () -> decode(hex("02 01 0001 0300 0000 0000 616263")));
    // too many client data values for the bytes left
    assertThrows(H5FormatException.class, () -> decode(hex("02 01 0100 0000 ffff 00000000")));
    // truncated
    assertThrows(H5FormatException.class, () -> decode(hex("02 01 01")));
  }

  @Example
  void recordRejectsMisuse() {
    assertThrows(IllegalArgumentException.class, () -> FilterDescription.of(70000, false));
    assertThrows(IllegalArgumentException.class, () -> new FilterPipelineMessage(3, List.of()));
    List<FilterDescription> many = new ArrayList<>();
    for (int i = 0; i < 33; i++) {
      many.add(FilterDescription.of(1, false));
    }
    assertThrows(IllegalArgumentException.class, () -> FilterPipelineMessage.of(many));
  }

  @Property(tries = 500)
  void encodeThenDecodeIsIdentity(@ForAll("messages") FilterPipelineMessage m) throws Exception {
    FilterPipelineMessage back = decode(m.toBytes(FileParams.DEFAULT));
    // version 2 drops the names of reserved ids
    List<FilterDescription> expected = m.filters().stream()
        .map(f -> m.version() == 2 && f.id() < 256
            ? new FilterDescription(f.id(), f.flags(), "", f.clientData()) : f)
        .toList();
    assertEquals(new FilterPipelineMessage(m.version(), expected), back);
    assertArrayEquals(back.toBytes(FileParams.DEFAULT), m.toBytes(FileParams.DEFAULT));
  }

  @Property(tries = 2000)
  void arbitraryBytesDecodeOrFailWithFormatException(@ForAll @Size(max = 120) byte[] b) {
    try {
      FilterPipelineMessage m = decode(b);
      assertTrue(m.filters().size() <= 32);
    } catch (H5FormatException expected) {
      // fine
    }
  }

  @Property(tries = 1000)
  void mutatedMessagesDecodeOrFailWithFormatException(@ForAll("messages") FilterPipelineMessage m,
      @ForAll @IntRange(min = 0, max = 10000) int at, @ForAll byte value,
      @ForAll @IntRange(min = 0, max = 200) int cut) {
    byte[] b = m.toBytes(FileParams.DEFAULT);
    if (b.length > 0) {
      b[at % b.length] = value;
    }
    byte[] truncated = java.util.Arrays.copyOf(b, Math.max(0, b.length - cut % (b.length + 1)));
    for (byte[] x : List.of(b, truncated)) {
      try {
        decode(x);
      } catch (H5FormatException expected) {
        // fine
      }
    }
  }

  @Provide
  Arbitrary<FilterPipelineMessage> messages() {
    Arbitrary<FilterDescription> filter = Combinators.combine(
        Arbitraries.oneOf(Arbitraries.of(1, 2, 3, 4, 5, 6, 307, 32000, 32004, 32015),
            Arbitraries.integers().between(0, 65535)),
        Arbitraries.integers().between(0, 65535),
        Arbitraries.strings().withCharRange('!', '~').ofMaxLength(40),
        Arbitraries.integers().array(int[].class).ofMaxSize(21))
        .as(FilterDescription::new);
    return Combinators.combine(Arbitraries.of(1, 2), filter.list().ofMaxSize(32))
        .as(FilterPipelineMessage::new);
  }
}
