// The image libraries' GLib log messages (poppler's and librsvg's criticals, warnings and
// notes) routed into the calling thread's sink instead of stderr. A leaf: every file that
// calls poppler or librsvg uses it, and it calls none of them.
#include <glib.h>
#include <pthread.h>
#include <stdio.h>

#include "glib_log.h"

// Where the call running on this thread keeps the libraries' messages.
static __thread cimageio_log *log_sink;

static void log_to_sink(const gchar *domain, GLogLevelFlags level, const gchar *message, gpointer unused) {
  (void)unused;
  // Outside artfit's calls (another part of the process using GLib) GLib's own handling stands.
  if (log_sink == NULL) {
    g_log_default_handler(domain, level, message, NULL);
    return;
  }
  int severe = (level & (G_LOG_LEVEL_ERROR | G_LOG_LEVEL_CRITICAL | G_LOG_FLAG_FATAL)) != 0;
  // The first message is the cause; later ones follow from it. A severe one outranks a note.
  if (log_sink->message[0] != '\0' && (log_sink->severe || !severe)) return;
  snprintf(log_sink->message, sizeof log_sink->message, "%s: %s", domain ? domain : "GLib", message);
  log_sink->severe = severe;
}

static void install_log_handlers(void) {
  static const char *const domains[] = {"Poppler", "librsvg", "GLib", "GLib-GObject", "GLib-GIO"};
  for (size_t i = 0; i < sizeof domains / sizeof *domains; i++)
    g_log_set_handler(domains[i], G_LOG_LEVEL_MASK | G_LOG_FLAG_FATAL | G_LOG_FLAG_RECURSION, log_to_sink, NULL);
}

void cimageio_catch_glib_logs(cimageio_log *sink) {
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  pthread_once(&once, install_log_handlers);
  log_sink = sink;
}
