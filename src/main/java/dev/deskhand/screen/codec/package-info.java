/**
 * Pixels in, bytes out: the area-average scaler, the PNG encoder (stripes deflated in
 * parallel and joined under one zlib stream), the JPEG encoder, incremental images that
 * re-encode only the bands whose rows changed, and the worker threads they split the work
 * over. Knows nothing of displays, profiles or agents; the screen package decides what to
 * capture, at which size and in which format (an ArchUnit rule keeps it so).
 */
package dev.deskhand.screen.codec;
