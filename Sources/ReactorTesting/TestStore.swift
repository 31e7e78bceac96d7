public enum _ReactorTestingPlaceholder {}
