// SignupFeature: see SignupReactor.swift.
enum SignupFeatureModule {}
