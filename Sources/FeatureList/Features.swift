/// The features `reactor` runs, in the order `help` lists their verbs. The executable hands
/// `Features.all` to every session it makes; tests and the fuzz targets use the same list. It
/// is generated from Package.swift's `features` (Plugins/FeatureListGenerator): each feature
/// module declares its `feature`, the entry that names its View and its live View.
package enum Features {}
