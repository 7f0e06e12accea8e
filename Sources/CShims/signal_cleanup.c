#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <pthread.h>
#include "CShims.h"

#define DLIB_CLEANUP_SLOTS 8

static char *volatile cleanup_paths[DLIB_CLEANUP_SLOTS];
static pthread_mutex_t cleanup_lock = PTHREAD_MUTEX_INITIALIZER;
static int handlers_installed = 0;

static void remove_and_reraise(int signal_number) {
    for (int slot = 0; slot < DLIB_CLEANUP_SLOTS; slot++) {
        char *path = cleanup_paths[slot];
        if (path != NULL) unlink(path);
    }
    /* Die of the same signal, so the parent sees how it ended. */
    struct sigaction fallback;
    memset(&fallback, 0, sizeof fallback);
    fallback.sa_handler = SIG_DFL;
    sigaction(signal_number, &fallback, NULL);
    raise(signal_number);
}

static void install_handlers(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = remove_and_reraise;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, NULL);
    sigaction(SIGTERM, &action, NULL);
    sigaction(SIGHUP, &action, NULL);
}

int dlib_cleanup_add(const char *path) {
    int found = -1;
    pthread_mutex_lock(&cleanup_lock);
    if (!handlers_installed) {
        install_handlers();
        handlers_installed = 1;
    }
    for (int slot = 0; slot < DLIB_CLEANUP_SLOTS; slot++) {
        if (cleanup_paths[slot] == NULL) {
            cleanup_paths[slot] = strdup(path);
            found = slot;
            break;
        }
    }
    pthread_mutex_unlock(&cleanup_lock);
    return found;
}

void dlib_cleanup_remove(int slot) {
    if (slot < 0 || slot >= DLIB_CLEANUP_SLOTS) return;
    pthread_mutex_lock(&cleanup_lock);
    char *path = cleanup_paths[slot];
    cleanup_paths[slot] = NULL;
    pthread_mutex_unlock(&cleanup_lock);
    free(path);
}
