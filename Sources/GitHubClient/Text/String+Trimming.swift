extension Unicode.Scalar {
  /// What Foundation's `CharacterSet.whitespaces` holds: tab, the space separators (Zs) and
  /// the zero-width space.
  package var isBlank: Bool {
    self == "\t" || self == "\u{200B}" || properties.generalCategory == .spaceSeparator
  }
}

extension StringProtocol {
  /// Without the leading and trailing scalars for which `predicate` holds: Foundation's
  /// `trimmingCharacters(in:)` without Foundation, which would bring ICU into every start of
  /// `reactor`.
  package func trimming(while predicate: (Unicode.Scalar) -> Bool) -> String {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { !predicate($0) }),
      let last = scalars.lastIndex(where: { !predicate($0) })
    else { return "" }
    return String(String.UnicodeScalarView(scalars[first...last]))
  }

  /// Without leading and trailing tabs and spaces (`trimmingCharacters(in: .whitespaces)`).
  package var trimmingBlanks: String { trimming(while: \.isBlank) }

  /// Without leading and trailing white space and line breaks
  /// (`trimmingCharacters(in: .whitespacesAndNewlines)`).
  package var trimmingWhiteSpaceAndNewlines: String { trimming { $0.isBlank || $0.properties.isWhitespace } }
}
