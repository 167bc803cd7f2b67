# Declarations the compiled kernel takes from C (setup.py sets the macro): the sha256 of the
# kernel.py it was built from, compared with the source at import (core/__init__.py).
cdef extern from *:
    const char* KERNEL_SOURCE_SHA256
