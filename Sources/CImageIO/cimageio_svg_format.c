// SVG as a format: recognised by its first element, whether the document is UTF-8, UTF-16 or
// gzip-compressed (SVGZ, as Inkscape and Illustrator export it) and whether `svg` carries a
// namespace prefix (`<s:svg xmlns:s=...>`), as librsvg reads all of them; and SVGZ inflated
// within a bound before anything else reads it.
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "internal.h"

// Where the text at `from` next holds `needle`, or `size` when it does not.
static size_t find(const uint8_t *data, size_t size, size_t from, const char *needle) {
  size_t length = strlen(needle);
  for (size_t at = from; at + length <= size; at++)
    if (memcmp(data + at, needle, length) == 0) return at;
  return size;
}

// Past the doctype at `at` (`<!DOCTYPE`): its closing `>`, skipping quoted strings and the
// internal subset in brackets (where entity declarations hold `>` of their own).
static size_t past_doctype(const uint8_t *data, size_t size, size_t at) {
  int depth = 0;
  for (; at < size; at++) {
    uint8_t c = data[at];
    if (c == '"' || c == '\'') {
      while (++at < size && data[at] != c) {}
    } else if (c == '[') {
      depth++;
    } else if (c == ']') {
      depth--;
    } else if (c == '>' && depth <= 0) {
      return at + 1;
    }
  }
  return size;
}

static int space(uint8_t c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

// Past the white space at `at`.
static size_t skip_space(const uint8_t *data, size_t size, size_t at) {
  while (at < size && space(data[at])) at++;
  return at;
}

static int name_char(uint8_t c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-' ||
         c == '.' || c >= 0x80;
}

// Whether the element name at `at` is `svg` or `prefix:svg`, followed by the end of the name.
static int svg_element(const uint8_t *data, size_t size, size_t at) {
  size_t start = at;
  while (at < size && name_char(data[at])) at++;
  if (at < size && data[at] == ':' && at > start) start = ++at;  // the local name after a prefix
  while (at < size && name_char(data[at])) at++;
  if (at - start != 3 || memcmp(data + start, "svg", 3) != 0 || at >= size) return 0;
  return space(data[at]) || data[at] == '>' || data[at] == '/';
}

// Where the first element's name starts in an XML document (UTF-8 or ASCII) whose first
// element is `svg`, or 0 when it is not one; white space, the declaration, processing
// instructions, comments and a doctype may come first.
static size_t svg_first_at(const uint8_t *data, size_t size) {
  size_t at = size >= 3 && memcmp(data, "\xef\xbb\xbf", 3) == 0 ? 3 : 0;
  while (at < size) {
    uint8_t c = data[at];
    if (space(c)) {
      at++;
    } else if (size - at >= 2 && memcmp(data + at, "<?", 2) == 0) {
      at = find(data, size, at + 2, "?>") + 2;
    } else if (size - at >= 4 && memcmp(data + at, "<!--", 4) == 0) {
      at = find(data, size, at + 4, "-->") + 3;
    } else if (size - at >= 9 && memcmp(data + at, "<!DOCTYPE", 9) == 0) {
      at = past_doctype(data, size, at + 9);
    } else {
      return data[at] == '<' && svg_element(data, size, at + 1) ? at + 1 : 0;
    }
  }
  return 0;
}

static int svg_first(const uint8_t *data, size_t size, int whole) {
  (void)whole;
  return svg_first_at(data, size) != 0;
}

// The svg start tag is attributes (`name="value"` or `name='value'`) to its `>`, as far as the
// text reaches: "<svg the logo needs work" starts like an SVG but is a note.
static int svg_tag_holds(const uint8_t *data, size_t size, int whole) {
  size_t at = svg_first_at(data, size);
  while (at < size && (name_char(data[at]) || data[at] == ':')) at++;
  for (;;) {
    at = skip_space(data, size, at);
    if (at >= size) return !whole;
    if (data[at] == '>' || (data[at] == '/' && (at + 1 >= size ? !whole : data[at + 1] == '>'))) return 1;
    size_t name = at;
    while (at < size && (name_char(data[at]) || data[at] == ':')) at++;
    if (at == name) return 0;
    at = skip_space(data, size, at);
    if (at >= size) return !whole;
    if (data[at] != '=') return 0;
    at++;
    at = skip_space(data, size, at);
    if (at >= size) return !whole;
    uint8_t quote = data[at];
    if (quote != '"' && quote != '\'') return 0;
    at = find(data, size, at + 1, quote == '"' ? "\"" : "'");
    if (at >= size) return !whole;
    at++;
  }
}

// The characters a compressed or UTF-16 document is first read to, and, when they end in its
// prolog (comments, a doctype with entities), the most it is read to.
enum { head_length = 4096, long_head_length = 1 << 20 };

// UTF-16 text (by its byte-order mark, or by `<` beside a zero byte) as the ASCII its first
// characters hold, into `out`; characters beyond ASCII become 0x80, a name character. Returns
// the length, 0 when the bytes are not UTF-16.
static size_t utf16_head(const uint8_t *data, size_t size, uint8_t *out, size_t capacity) {
  int little;
  size_t at = 0;
  if (size >= 2 && data[0] == 0xff && data[1] == 0xfe) {
    little = 1, at = 2;
  } else if (size >= 2 && data[0] == 0xfe && data[1] == 0xff) {
    little = 0, at = 2;
  } else if (size >= 2 && data[0] == '<' && data[1] == 0) {
    little = 1;
  } else if (size >= 2 && data[0] == 0 && data[1] == '<') {
    little = 0;
  } else {
    return 0;
  }
  size_t length = 0;
  for (; at + 1 < size && length < capacity; at += 2) {
    unsigned unit = little ? data[at] | data[at + 1] << 8 : data[at] << 8 | data[at + 1];
    out[length++] = unit < 0x80 ? (uint8_t)unit : 0x80;
  }
  return length;
}

// The first bytes a gzip stream inflates to (a truncated stream gives what it holds).
static size_t gzip_head(const uint8_t *data, size_t size, uint8_t *out, size_t capacity) {
  z_stream stream = {0};
  if (inflateInit2(&stream, 16 + MAX_WBITS) != Z_OK) return 0;
  stream.next_in = (Bytef *)data;
  stream.avail_in = size > UINT32_MAX ? UINT32_MAX : (uInt)size;
  stream.next_out = out;
  stream.avail_out = (uInt)capacity;
  inflate(&stream, Z_SYNC_FLUSH);
  size_t length = capacity - stream.avail_out;
  inflateEnd(&stream);
  return length;
}

static int is_gzip(const uint8_t *data, size_t size) { return size >= 3 && data[0] == 0x1f && data[1] == 0x8b && data[2] == 8; }

// The document's first characters as UTF-8 or ASCII, whatever its coding and compression:
// `data` itself, or `head` (of `capacity` bytes) filled. `*whole` stays set only when they
// are the whole document.
static const uint8_t *svg_text(const uint8_t *data, size_t size, uint8_t *head, size_t capacity, size_t *length,
                               int *whole) {
  if (is_gzip(data, size)) {
    *whole = 0;
    size_t inflated = gzip_head(data, size, head, capacity);
    // in place: never ahead of what it reads
    size_t wide = inflated > 0 ? utf16_head(head, inflated, head, capacity) : 0;
    *length = wide > 0 ? wide : inflated;
    return head;
  }
  size_t wide = utf16_head(data, size, head, capacity);
  if (wide > 0) {
    *whole = *whole && wide < capacity;
    *length = wide;
    return head;
  }
  *length = size;
  return data;
}

// Whether `check` holds for the document's first characters: the first `head_length`, then,
// when those filled the head without an answer, the first `long_head_length`.
static int check_text(const uint8_t *data, size_t size, int whole,
                      int (*check)(const uint8_t *text, size_t length, int whole)) {
  uint8_t head[head_length];
  size_t length;
  int text_whole = whole;
  const uint8_t *text = svg_text(data, size, head, head_length, &length, &text_whole);
  int holds = check(text, length, text_whole);
  if (holds || text == data || length < head_length) return holds;
  uint8_t *long_head = malloc(long_head_length);
  if (long_head == NULL) return 0;
  text_whole = whole;
  text = svg_text(data, size, long_head, long_head_length, &length, &text_whole);
  holds = check(text, length, text_whole);
  free(long_head);
  return holds;
}

static int svg_sniff(const uint8_t *data, size_t size) { return check_text(data, size, 0, svg_first); }

static int svg_header_holds(const uint8_t *data, size_t size, int whole) {
  return check_text(data, size, whole, svg_tag_holds);
}

int cimageio_svg_is_compressed(const uint8_t *data, size_t size) { return data != NULL && is_gzip(data, size); }

int cimageio_svg_inflate(const uint8_t *data, size_t size, size_t limit, uint8_t **out, size_t *out_size,
                         cimageio_error *err) {
  *out = NULL;
  *out_size = 0;
  z_stream stream = {0};
  if (inflateInit2(&stream, 16 + MAX_WBITS) != Z_OK) return cimageio_fail(err, CIMAGEIO_NO_MEMORY, "out of memory");
  size_t capacity = size * 4 < 65536 ? 65536 : size * 4, length = 0;
  if (capacity > limit + 1) capacity = limit + 1;
  uint8_t *bytes = malloc(capacity);
  int result = Z_OK, no_memory = bytes == NULL;
  stream.next_in = (Bytef *)data;
  stream.avail_in = size > UINT32_MAX ? UINT32_MAX : (uInt)size;
  while (bytes != NULL && result == Z_OK) {
    if (length == capacity) {
      if (capacity > limit) break;  // more than the bound: refused below
      size_t grown = capacity * 2 > limit + 1 ? limit + 1 : capacity * 2;
      uint8_t *larger = realloc(bytes, grown);
      if (larger == NULL) {
        no_memory = 1;
        break;
      }
      bytes = larger, capacity = grown;
    }
    size_t room = capacity - length;
    stream.next_out = bytes + length;
    stream.avail_out = room > UINT32_MAX ? UINT32_MAX : (uInt)room;
    result = inflate(&stream, Z_NO_FLUSH);
    length = (size_t)(stream.next_out - bytes);
  }
  inflateEnd(&stream);
  if (result == Z_STREAM_END && length <= limit) {
    *out = bytes;
    *out_size = length;
    return CIMAGEIO_OK;
  }
  free(bytes);
  if (no_memory)
    return cimageio_fail(err, CIMAGEIO_NO_MEMORY, "out of memory");
  if (result == Z_OK || result == Z_STREAM_END)
    return cimageio_fail(err, CIMAGEIO_LIMIT, "it inflates to more than %zu bytes", limit);
  if (result == Z_BUF_ERROR) return cimageio_fail(err, CIMAGEIO_TRUNCATED, "the compressed SVG ends early");
  return cimageio_fail(err, CIMAGEIO_CORRUPT, "its gzip data is damaged (%s)", stream.msg ? stream.msg : "zlib");
}

const cimageio_format_descriptor cimageio_svg_format = {
    .format = CIMAGEIO_FORMAT_SVG, .id = "svg", .name = "SVG", .extensions = "svg svgz", .library = "librsvg",
    .sniff = svg_sniff, .header_holds = svg_header_holds, .traits = CIMAGEIO_TRAIT_VECTOR,
};
