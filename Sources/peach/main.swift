print("peach 0.1.0")
