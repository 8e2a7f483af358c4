// LeftShift / RightShift on i32 and ui8 (shift counts in range), BitwiseXor, Invert.
// sweep: arg1.range=0:32 arg3.range=0:8 arg2.range=0:256
func.func @test(%V__0: tensor<?xi32> { python_test_attrs.static_type = tensor<16xi32> }, %V__1: tensor<?xi32> { python_test_attrs.static_type = tensor<16xi32> }, %V__2: tensor<8xui8>, %V__3: tensor<8xui8>) -> (tensor<?xi32>, tensor<?xi32>, tensor<8xui8>, tensor<8xui8>) {
  %0 = "tf.LeftShift"(%V__0, %V__1) {T = i32, device = ""} : (tensor<?xi32>, tensor<?xi32>) -> tensor<?xi32>
  %1 = "tf.RightShift"(%V__0, %V__1) {T = i32, device = ""} : (tensor<?xi32>, tensor<?xi32>) -> tensor<?xi32>
  %2 = "tf.LeftShift"(%V__2, %V__3) {T = ui8, device = ""} : (tensor<8xui8>, tensor<8xui8>) -> tensor<8xui8>
  %3 = "tf.RightShift"(%V__2, %V__3) {T = ui8, device = ""} : (tensor<8xui8>, tensor<8xui8>) -> tensor<8xui8>
  %4 = "tf.BitwiseXor"(%0, %1) {T = i32, device = ""} : (tensor<?xi32>, tensor<?xi32>) -> tensor<?xi32>
  %5 = "tf.Invert"(%4) {T = i32, device = ""} : (tensor<?xi32>) -> tensor<?xi32>
  func.return %5, %1, %2, %3 : tensor<?xi32>, tensor<?xi32>, tensor<8xui8>, tensor<8xui8>
}
