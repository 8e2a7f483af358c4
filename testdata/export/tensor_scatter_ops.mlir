// TensorScatterUpdate / Sub / Max / Min with element indices on i32 and f32.
func.func @test(%V__0: tensor<?x4xf32> { python_test_attrs.static_type = tensor<3x4xf32> }, %V__1: tensor<3xf32>, %V__2: tensor<3x4xi32>, %V__3: tensor<3xi32>) -> (tensor<?x4xf32>, tensor<?x4xf32>, tensor<3x4xi32>, tensor<3x4xi32>) {
  %idx = "tf.Const"() {device = "", value = dense<[[0, 1], [2, 3], [1, 1]]> : tensor<3x2xi64>} : () -> tensor<3x2xi64>
  %0 = "tf.TensorScatterUpdate"(%V__0, %idx, %V__1) {T = f32, Tindices = i64, device = ""} : (tensor<?x4xf32>, tensor<3x2xi64>, tensor<3xf32>) -> tensor<?x4xf32>
  %1 = "tf.TensorScatterSub"(%V__0, %idx, %V__1) {T = f32, Tindices = i64, device = ""} : (tensor<?x4xf32>, tensor<3x2xi64>, tensor<3xf32>) -> tensor<?x4xf32>
  %2 = "tf.TensorScatterMax"(%V__2, %idx, %V__3) {T = i32, Tindices = i64, device = ""} : (tensor<3x4xi32>, tensor<3x2xi64>, tensor<3xi32>) -> tensor<3x4xi32>
  %3 = "tf.TensorScatterMin"(%V__2, %idx, %V__3) {T = i32, Tindices = i64, device = ""} : (tensor<3x4xi32>, tensor<3x2xi64>, tensor<3xi32>) -> tensor<3x4xi32>
  func.return %0, %1, %2, %3 : tensor<?x4xf32>, tensor<?x4xf32>, tensor<3x4xi32>, tensor<3x4xi32>
}
