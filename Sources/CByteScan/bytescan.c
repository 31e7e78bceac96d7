// Everything is `static inline` in the header; SwiftPM needs a source file for the target.
#include "bytescan.h"
