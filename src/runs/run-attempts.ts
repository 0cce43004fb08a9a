/**
 * A run interrupted this many times (its process killed mid-run) is failed instead of tried again,
 * so that a question that brings its process down cannot do so forever.
 */
export const MAX_ATTEMPTS = 3;
