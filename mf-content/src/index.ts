// Async boundary: shared modules (React, the kernel) are negotiated before bootstrap runs.
import('./bootstrap');
