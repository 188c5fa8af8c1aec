// The libraries' GLib log messages caught per thread (cimageio_glib_log.c); not public.
#ifndef CIMAGEIO_GLIB_LOG_H
#define CIMAGEIO_GLIB_LOG_H

/// The first of the libraries' GLib log messages during a call; `severe` for a critical or an
/// error (a library's own check failed), else a warning or a note.
typedef struct {
  char message[240];
  int severe;
} cimageio_log;

/// Routes the libraries' GLib log messages on this thread into `sink` (NULL: nowhere).
void cimageio_catch_glib_logs(cimageio_log *sink);

#endif
