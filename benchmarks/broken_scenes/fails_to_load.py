"""A teacher's scene file that fails as it is imported: left out, one line naming it."""

import no_such_module  # noqa: F401
