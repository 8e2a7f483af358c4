// Unpack along axis -1 of a dynamic tensor (num = 3 from the static last dim), results recombined.
func.func @test(%V__0: tensor<?x?x3xi32> { python_test_attrs.static_type = tensor<2x5x3xi32> }) -> (tensor<?x?xi32>, tensor<?x?xi32>) {
  %0:3 = "tf.Unpack"(%V__0) {T = i32, axis = -1 : i64, device = "", num = 3 : i64} : (tensor<?x?x3xi32>) -> (tensor<?x?xi32>, tensor<?x?xi32>, tensor<?x?xi32>)
  %1 = "tf.Mul"(%0#0, %0#2) {T = i32, device = ""} : (tensor<?x?xi32>, tensor<?x?xi32>) -> tensor<?x?xi32>
  func.return %1, %0#1 : tensor<?x?xi32>, tensor<?x?xi32>
}
