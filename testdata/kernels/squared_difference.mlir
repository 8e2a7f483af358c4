// SquaredDifference on f32 with a size-1 broadcast dim, and on i32 where (x - y)^2 wraps.
func.func @test(%V__0: tensor<?x?xf32> {python_test_attrs.static_type = tensor<5x8xf32>}, %V__1: tensor<?x1xf32> {python_test_attrs.static_type = tensor<5x1xf32>}, %V__2: tensor<?xi32> {python_test_attrs.static_type = tensor<8xi32>}, %V__3: tensor<?xi32> {python_test_attrs.static_type = tensor<8xi32>}) -> (tensor<?x?xf32>, tensor<?xi32>) {
  %0 = "tf.SquaredDifference"(%V__0, %V__1) {device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  %1 = "tf.SquaredDifference"(%V__2, %V__3) {device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?xi32>, tensor<?xi32>) -> tensor<?xi32>
  func.return %0, %1 : tensor<?x?xf32>, tensor<?xi32>
}
