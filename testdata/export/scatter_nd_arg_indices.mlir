// ScatterNd with i64 indices from an argument (in range) and the shape a constant, i32 updates
// (duplicates add and wrap), then TensorScatterAdd onto it.
// sweep: arg0.range=0:6
func.func @test(%arg0: tensor<7x1xi64>, %arg1: tensor<7x2xi32>) -> (tensor<6x2xi32>, tensor<6x2xi32>) {
  %shape = "tf.Const"() {device = "", value = dense<[6, 2]> : tensor<2xi64>} : () -> tensor<2xi64>
  %0 = "tf.ScatterNd"(%arg0, %arg1, %shape) {T = i32, Tindices = i64, device = ""} : (tensor<7x1xi64>, tensor<7x2xi32>, tensor<2xi64>) -> tensor<6x2xi32>
  %1 = "tf.TensorScatterAdd"(%0, %arg0, %arg1) {T = i32, Tindices = i64, device = ""} : (tensor<6x2xi32>, tensor<7x1xi64>, tensor<7x2xi32>) -> tensor<6x2xi32>
  func.return %0, %1 : tensor<6x2xi32>, tensor<6x2xi32>
}
