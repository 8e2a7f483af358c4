// MirrorPad REFLECT and SYMMETRIC with i64 paddings (Tpaddings = i64), dynamic rows.
func.func @test(%V__0: tensor<?x5xf32> { python_test_attrs.static_type = tensor<4x5xf32> }) -> (tensor<?x9xf32>, tensor<?x8xf32>) {
  %p0 = "tf.Const"() {device = "", value = dense<[[1, 2], [2, 2]]> : tensor<2x2xi64>} : () -> tensor<2x2xi64>
  %p1 = "tf.Const"() {device = "", value = dense<[[0, 3], [3, 0]]> : tensor<2x2xi32>} : () -> tensor<2x2xi32>
  %0 = "tf.MirrorPad"(%V__0, %p0) {T = f32, Tpaddings = i64, device = "", mode = "REFLECT"} : (tensor<?x5xf32>, tensor<2x2xi64>) -> tensor<?x9xf32>
  %1 = "tf.MirrorPad"(%V__0, %p1) {T = f32, Tpaddings = i32, device = "", mode = "SYMMETRIC"} : (tensor<?x5xf32>, tensor<2x2xi32>) -> tensor<?x8xf32>
  func.return %0, %1 : tensor<?x9xf32>, tensor<?x8xf32>
}
