"""gunicorn settings for production: ``gunicorn -c ops/gunicorn.conf.py``.

Environment: FLIPSIDE_BIND (default 127.0.0.1:8000), FLIPSIDE_WORKERS (2),
FLIPSIDE_THREADS (1024), plus the app's own FLIPSIDE_* settings (flipside.config). The hooks are
`flipside serve`'s, so both resolve the database once in the master, aggregate metrics
across workers the same way and end open event streams as soon as a worker is told to stop.
The projection runner runs on its own here (`flipside projections run`, ops/*.service).
"""

import os

from flipside.cli.serve import (
    APP,
    WORKER_CLASS,
    child_exit,
    on_exit,
    on_starting,
    post_fork,
    post_worker_init,
    worker_exit,
)

from flipside.config import Settings

wsgi_app = APP
bind = os.environ.get("FLIPSIDE_BIND", "127.0.0.1:8000")
workers = int(os.environ.get("FLIPSIDE_WORKERS", "2"))
worker_class = WORKER_CLASS
# Each open event stream holds one, asleep (flipside.api.capacity); the workers' apps read
# FLIPSIDE_THREADS too, to bound their streams.
threads = Settings.from_env().threads
worker_connections = 2 * threads  # idle keep-alive connections hold no thread
accesslog = None  # the app logs one canonical line per request
control_socket_disable = True  # its default path is shared by every gunicorn of the user
graceful_timeout = 10  # for requests in flight; open event streams end at once

__all__ = [
    "child_exit",
    "on_exit",
    "on_starting",
    "post_fork",
    "post_worker_init",
    "worker_exit",
]
