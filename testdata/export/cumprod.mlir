// Cumprod exclusive and reversed along a negative axis, and Cumsum along axis 0 on i32.
// sweep: arg0.range=-1.5:1.5
func.func @test(%V__0: tensor<?x?xf32> { python_test_attrs.static_type = tensor<3x6xf32> }, %V__1: tensor<?x?xi32> { python_test_attrs.static_type = tensor<4x3xi32> }) -> (tensor<?x?xf32>, tensor<?x?xi32>) {
  %ax = "tf.Const"() {device = "", value = dense<-1> : tensor<i32>} : () -> tensor<i32>
  %ax0 = "tf.Const"() {device = "", value = dense<0> : tensor<i64>} : () -> tensor<i64>
  %0 = "tf.Cumprod"(%V__0, %ax) {T = f32, Tidx = i32, device = "", exclusive = true, reverse = true} : (tensor<?x?xf32>, tensor<i32>) -> tensor<?x?xf32>
  %1 = "tf.Cumprod"(%V__1, %ax0) {T = i32, Tidx = i64, device = "", exclusive = false, reverse = false} : (tensor<?x?xi32>, tensor<i64>) -> tensor<?x?xi32>
  func.return %0, %1 : tensor<?x?xf32>, tensor<?x?xi32>
}
