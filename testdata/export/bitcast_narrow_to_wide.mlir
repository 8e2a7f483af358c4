// Bitcast i8 [.., 4] -> i32 (drops the last dim) and ui16 -> f16.
func.func @test(%V__0: tensor<?x4xi8> { python_test_attrs.static_type = tensor<5x4xi8> }, %V__1: tensor<7xui16>) -> (tensor<?xi32>, tensor<7xi16>) {
  %0 = "tf.Bitcast"(%V__0) {T = i8, device = "", type = i32} : (tensor<?x4xi8>) -> tensor<?xi32>
  %1 = "tf.Bitcast"(%V__1) {T = ui16, device = "", type = i16} : (tensor<7xui16>) -> tensor<7xi16>
  func.return %0, %1 : tensor<?xi32>, tensor<7xi16>
}
