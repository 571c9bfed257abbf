print("teamflow (skeleton)")
