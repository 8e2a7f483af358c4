// PopulationCount of i8 and ui16, Bitcast i32 -> ui8 (a trailing dim of 4), then Cast back to i32.
func.func @test(%V__0: tensor<?xi8> { python_test_attrs.static_type = tensor<9xi8> }, %V__1: tensor<5xui16>, %V__2: tensor<?x2xi32> { python_test_attrs.static_type = tensor<3x2xi32> }) -> (tensor<?xui8>, tensor<5xui8>, tensor<?x2x4xi32>) {
  %0 = "tf.PopulationCount"(%V__0) {T = i8, device = ""} : (tensor<?xi8>) -> tensor<?xui8>
  %1 = "tf.PopulationCount"(%V__1) {T = ui16, device = ""} : (tensor<5xui16>) -> tensor<5xui8>
  %2 = "tf.Bitcast"(%V__2) {T = i32, device = "", type = ui8} : (tensor<?x2xi32>) -> tensor<?x2x4xui8>
  %3 = "tf.Cast"(%2) {SrcT = ui8, DstT = i32, Truncate = false, device = ""} : (tensor<?x2x4xui8>) -> tensor<?x2x4xi32>
  func.return %0, %1, %3 : tensor<?xui8>, tensor<5xui8>, tensor<?x2x4xi32>
}
