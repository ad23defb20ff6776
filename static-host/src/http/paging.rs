//! Paging of lists: the query every paged list takes and its page window.
