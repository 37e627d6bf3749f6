"""The official metrics of each benchmark, as pure functions over gold labels and predictions."""
