print("teamflow-bench (skeleton)")
