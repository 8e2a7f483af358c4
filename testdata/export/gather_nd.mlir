// GatherNd with constant i32 indices (partial index: gathers rows) and i64 indices from an argument.
// sweep: arg1.range=0:3
func.func @test(%V__0: tensor<?x4x5xf32> { python_test_attrs.static_type = tensor<3x4x5xf32> }, %V__1: tensor<6x2xi64>) -> (tensor<3x5xf32>, tensor<6x5xf32>) {
  %idx = "tf.Const"() {device = "", value = dense<[[0, 1], [2, 3], [1, 0]]> : tensor<3x2xi32>} : () -> tensor<3x2xi32>
  %0 = "tf.GatherNd"(%V__0, %idx) {Tindices = i32, Tparams = f32, device = "", bad_indices_policy = ""} : (tensor<?x4x5xf32>, tensor<3x2xi32>) -> tensor<3x5xf32>
  %1 = "tf.GatherNd"(%V__0, %V__1) {Tindices = i64, Tparams = f32, device = ""} : (tensor<?x4x5xf32>, tensor<6x2xi64>) -> tensor<6x5xf32>
  func.return %0, %1 : tensor<3x5xf32>, tensor<6x5xf32>
}
