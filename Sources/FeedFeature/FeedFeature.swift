enum FeedFeatureModule {}
