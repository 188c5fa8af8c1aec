// An SVG measured before librsvg builds it: one streaming pass of libxml2's SAX parser counts
// the elements librsvg would walk, with every reference that instantiates content expanded
// (`<use>`, an `href` to `#id`, `url(#id)` in any attribute), so a 3 KB `<use>` bomb that
// names 10^10 elements is refused in microseconds instead of burning minutes inside librsvg.
// It also finds where the root element's start tag ends, so a probe can hand librsvg the root
// alone for the document's size. Internal entities are expanded as librsvg expands them;
// nothing outside the document is loaded (external entities and subsets are refused).
#include <glib.h>
#include <libxml/SAX2.h>
#include <libxml/entities.h>
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <limits.h>
#include <string.h>

#include "internal.h"

typedef struct {
  uint32_t at;        // the element holding the reference
  uint32_t target;    // the element referred to (after resolution), or UINT32_MAX
  char *name;         // the id referred to, until resolved
} reference;

typedef struct {
  GArray *ends;       // uint32_t per element: one past the last element of its subtree
  GArray *cheap;      // uint8_t per element: a gradient, whose instantiation costs one element
  GArray *open;       // the open elements, innermost last
  GArray *references; // in document order of the elements holding them
  GHashTable *ids;    // id -> element index + 1
  uint64_t limit;
  int over;           // more elements than `limit` before any expansion
  int needs_whole;    // a <style> element, a style attribute on the root, an external entity
  size_t root_end;    // offset of the root start tag's closing `>` or `/>`, or 0
  int root_empty;
  char root_name[128];
  xmlParserCtxtPtr ctxt;
  char first_error[200];
} measure;

static int has_local_name(const xmlChar *name, const char *wanted) { return strcmp((const char *)name, wanted) == 0; }

static void add_reference(measure *m, uint32_t at, const char *id, size_t length) {
  if (length == 0) return;
  reference ref = {at, UINT32_MAX, g_strndup(id, length)};
  g_array_append_val(m->references, ref);
}

// Every `url(#id)` in an attribute's value (fill, stroke, mask, clip-path, filter, markers, style).
static void add_url_references(measure *m, uint32_t at, const char *value, size_t length) {
  const char *end = value + length;
  for (const char *p = value; p + 5 <= end; p++) {
    if (memcmp(p, "url(", 4) != 0) continue;
    const char *q = p + 4;
    while (q < end && (*q == ' ' || *q == '"' || *q == '\'')) q++;
    if (q >= end || *q != '#') continue;
    const char *start = ++q;
    while (q < end && *q != ')' && *q != '"' && *q != '\'' && *q != ' ') q++;
    add_reference(m, at, start, (size_t)(q - start));
    p = q - 1;
  }
}

static void start_element(void *ctx, const xmlChar *localname, const xmlChar *prefix, const xmlChar *uri,
                          int namespace_count, const xmlChar **namespaces, int attribute_count, int defaulted,
                          const xmlChar **attributes) {
  (void)uri, (void)namespace_count, (void)namespaces, (void)defaulted;
  xmlParserCtxtPtr ctxt = ctx;
  measure *m = ctxt->_private;
  if (m->over) return;
  uint32_t index = m->ends->len;
  if (index >= m->limit) {
    m->over = 1;
    xmlStopParser(ctxt);
    return;
  }
  if (index == 0) {
    // The parser stands on the start tag's `>` or `/>`; positions count input bytes only when
    // no encoder converted them.
    if (ctxt->input != NULL && ctxt->input->buf != NULL && ctxt->input->buf->encoder == NULL) {
      m->root_end = (size_t)(ctxt->input->cur - ctxt->input->base) + (size_t)ctxt->input->consumed;
      m->root_empty = ctxt->input->cur[0] == '/';
    }
    snprintf(m->root_name, sizeof m->root_name, "%s%s%s", prefix ? (const char *)prefix : "", prefix ? ":" : "",
             (const char *)localname);
  }
  uint32_t unset = 0;
  g_array_append_val(m->ends, unset);
  uint8_t cheap = has_local_name(localname, "linearGradient") || has_local_name(localname, "radialGradient");
  g_array_append_val(m->cheap, cheap);
  g_array_append_val(m->open, index);
  if (has_local_name(localname, "style")) m->needs_whole = 1;
  for (int i = 0; i < attribute_count; i++) {
    const xmlChar *name = attributes[i * 5], *value = attributes[i * 5 + 3], *end = attributes[i * 5 + 4];
    size_t length = (size_t)(end - value);
    if (has_local_name(name, "id")) {
      char *id = g_strndup((const char *)value, length);
      if (g_hash_table_contains(m->ids, id)) g_free(id);  // the first element of an id is the one referred to
      else g_hash_table_insert(m->ids, id, GUINT_TO_POINTER(index + 1));
    } else if (has_local_name(name, "href") && length > 1 && value[0] == '#') {
      add_reference(m, index, (const char *)value + 1, length - 1);
    } else {
      add_url_references(m, index, (const char *)value, length);
    }
    if (index == 0 && has_local_name(name, "style")) m->needs_whole = 1;
  }
}

static void end_element(void *ctx, const xmlChar *localname, const xmlChar *prefix, const xmlChar *uri) {
  (void)localname, (void)prefix, (void)uri;
  measure *m = ((xmlParserCtxtPtr)ctx)->_private;
  if (m->over || m->open->len == 0) return;
  uint32_t index = g_array_index(m->open, uint32_t, m->open->len - 1);
  g_array_set_size(m->open, m->open->len - 1);
  g_array_index(m->ends, uint32_t, index) = m->ends->len;
}

// Internal entities only: an external parsed entity would be read from outside the document.
static xmlEntityPtr internal_entity(void *ctx, const xmlChar *name) {
  xmlParserCtxtPtr ctxt = ctx;
  xmlEntityPtr entity = xmlGetPredefinedEntity(name);
  if (entity == NULL && ctxt->myDoc != NULL) entity = xmlGetDocEntity(ctxt->myDoc, name);
  if (entity != NULL && entity->etype == XML_EXTERNAL_GENERAL_PARSED_ENTITY) {
    ((measure *)ctxt->_private)->needs_whole = 1;  // librsvg decides what a missing entity means
    return NULL;
  }
  return entity;
}

static xmlParserInputPtr refuse_external(void *ctx, const xmlChar *public_id, const xmlChar *system_id) {
  (void)ctx, (void)public_id, (void)system_id;
  return NULL;
}

static void keep_first_error(void *data, xmlErrorPtr error) {
  measure *m = ((xmlParserCtxtPtr)data)->_private;
  if (m->first_error[0] == '\0' && error != NULL && error->level >= XML_ERR_ERROR && error->message != NULL)
    snprintf(m->first_error, sizeof m->first_error, "%s", error->message);
}

static int index_before(const measure *m, uint32_t position) {
  // The first reference held by an element at or after `position` (references are in order).
  uint32_t low = 0, high = m->references->len;
  while (low < high) {
    uint32_t mid = low + (high - low) / 2;
    if (g_array_index(m->references, reference, mid).at < position) low = mid + 1;
    else high = mid;
  }
  return (int)low;
}

// Elements walked when `target` is drawn once: its subtree, and every reference in it expanded,
// saturating at `cap`. A reference back into its own chain counts nothing (librsvg refuses it).
// Iterative, since a chain of references may be as long as the document.
static uint64_t expanded(measure *m, uint32_t root, uint64_t *memo, uint8_t *state, uint64_t cap) {
  typedef struct {
    uint32_t element;
    int next, last;
    uint64_t sum;
  } frame;
  GArray *stack = g_array_new(FALSE, FALSE, sizeof(frame));
  uint64_t result = 0;
  frame first = {root, 0, 0, 0};
  first.next = index_before(m, root);
  first.last = index_before(m, g_array_index(m->ends, uint32_t, root));
  first.sum = g_array_index(m->ends, uint32_t, root) - root;
  state[root] = 1;
  g_array_append_val(stack, first);
  while (stack->len > 0) {
    frame *top = &g_array_index(stack, frame, stack->len - 1);
    if (top->next < top->last && top->sum <= cap) {
      const reference *ref = &g_array_index(m->references, reference, top->next++);
      uint32_t target = ref->target;
      // A reference into its own ancestry, or back along the chain being expanded, is refused.
      if (target == UINT32_MAX || state[target] == 1) continue;
      if (target <= ref->at && ref->at < g_array_index(m->ends, uint32_t, target)) continue;
      if (g_array_index(m->cheap, uint8_t, target)) {
        top->sum += 1;
      } else if (state[target] == 2) {
        top->sum += memo[target];
      } else {
        frame child = {target, index_before(m, target),
                       index_before(m, g_array_index(m->ends, uint32_t, target)),
                       g_array_index(m->ends, uint32_t, target) - target};
        state[target] = 1;
        g_array_append_val(stack, child);
      }
      continue;
    }
    uint64_t total = top->sum > cap ? cap + 1 : top->sum;
    memo[top->element] = total;
    state[top->element] = 2;
    g_array_set_size(stack, stack->len - 1);
    if (stack->len == 0) result = total;
    else {
      frame *parent = &g_array_index(stack, frame, stack->len - 1);
      parent->sum += total;
    }
  }
  g_array_free(stack, TRUE);
  return result;
}

static void free_reference(void *data) { g_free(((reference *)data)->name); }

int cimageio_svg_measure(const uint8_t *data, size_t size, uint64_t limit, cimageio_svg_measure_info *info,
                         cimageio_error *err) {
  if (data == NULL || info == NULL) return cimageio_fail(err, CIMAGEIO_BAD_ARGUMENT, "no document to measure");
  memset(info, 0, sizeof *info);
  if (size > INT_MAX) return cimageio_fail(err, CIMAGEIO_LIMIT, "the document is over 2 GB");
  xmlParserCtxtPtr ctxt = xmlCreateMemoryParserCtxt((const char *)data, (int)size);
  if (ctxt == NULL) return cimageio_fail(err, CIMAGEIO_NO_MEMORY, "libxml2 could not start a parser");
  xmlCtxtUseOptions(ctxt, XML_PARSE_NOENT | XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
  measure m = {0};
  m.ends = g_array_new(FALSE, FALSE, sizeof(uint32_t));
  m.cheap = g_array_new(FALSE, FALSE, sizeof(uint8_t));
  m.open = g_array_new(FALSE, FALSE, sizeof(uint32_t));
  m.references = g_array_new(FALSE, FALSE, sizeof(reference));
  g_array_set_clear_func(m.references, free_reference);
  m.ids = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
  m.limit = limit;
  m.ctxt = ctxt;
  ctxt->_private = &m;
  // Only the element callbacks and what entities need (the document and its internal subset);
  // no tree is built.
  xmlSAXHandlerPtr sax = ctxt->sax;
  sax->startElementNs = start_element;
  sax->endElementNs = end_element;
  sax->startElement = NULL;
  sax->endElement = NULL;
  sax->characters = NULL;
  sax->ignorableWhitespace = NULL;
  sax->cdataBlock = NULL;
  sax->comment = NULL;
  sax->processingInstruction = NULL;
  sax->reference = NULL;
  sax->externalSubset = NULL;
  sax->resolveEntity = refuse_external;
  sax->getEntity = internal_entity;
  sax->error = NULL;
  sax->warning = NULL;
  sax->fatalError = NULL;
  sax->serror = keep_first_error;
  int parsed = xmlParseDocument(ctxt);
  int well_formed = parsed == 0 && ctxt->wellFormed;
  uint64_t elements = m.ends->len;
  if (m.over) {
    info->elements = limit + 1;
  } else if (!well_formed) {
    // librsvg parses with libxml2 too and names the fault in its own words.
    snprintf(info->parse_error, sizeof info->parse_error, "%s", m.first_error[0] ? g_strstrip(m.first_error) : "malformed XML");
  } else if (elements > 0) {
    info->well_formed = 1;
    for (guint i = 0; i < m.references->len; i++) {
      reference *ref = &g_array_index(m.references, reference, i);
      gpointer found = g_hash_table_lookup(m.ids, ref->name);
      if (found != NULL) ref->target = GPOINTER_TO_UINT(found) - 1;
    }
    uint64_t *memo = g_new0(uint64_t, elements);
    uint8_t *state = g_new0(uint8_t, elements);
    info->elements = expanded(&m, 0, memo, state, limit);
    g_free(memo);
    g_free(state);
    info->root_end = m.root_end;
    info->root_empty = m.root_empty;
    info->needs_whole = m.needs_whole;
    memcpy(info->root_name, m.root_name, sizeof info->root_name);
  }
  if (ctxt->myDoc != NULL) xmlFreeDoc(ctxt->myDoc);
  xmlFreeParserCtxt(ctxt);
  g_array_free(m.ends, TRUE);
  g_array_free(m.cheap, TRUE);
  g_array_free(m.open, TRUE);
  g_array_free(m.references, TRUE);
  g_hash_table_destroy(m.ids);
  return CIMAGEIO_OK;
}
