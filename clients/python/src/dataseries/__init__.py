"""Read statistical time series from a dataseries server into pandas DataFrames.

>>> import dataseries as dts
>>> dts.ds("ch_kof_barometer")  # doctest: +SKIP
"""

from ._cache import clear_cache
from ._http import base_url
from .catalog import ds_catalog, ds_meta
from .errors import (
    DataseriesError,
    InvalidSelectionError,
    NotReadyError,
    ServerUnreachableError,
    UnknownCodeError,
    UnknownDatasetError,
    UnknownDimensionError,
)
from .search import ds_search
from .series import ds
from .vintages import ds_vintages

__all__ = [
    "ds",
    "ds_catalog",
    "ds_meta",
    "ds_search",
    "ds_vintages",
    "clear_cache",
    "base_url",
    "DataseriesError",
    "InvalidSelectionError",
    "NotReadyError",
    "ServerUnreachableError",
    "UnknownCodeError",
    "UnknownDatasetError",
    "UnknownDimensionError",
]
__version__ = "0.1.0"
